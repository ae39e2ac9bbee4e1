//! The board of a fuzz input, shared by the targets that read one: its size from two bytes,
//! then one byte per point in row order (`b % 3`: 0 empty, 1 Black, 2 White; missing bytes
//! empty), then the chains left without liberties removed.

use tengen::{Board, Color, Point, Size};

/// The size of two bytes `w` and `h`, each side `1..=max` (`max` at most 25).
pub fn size_from_bytes(w: u8, h: u8, max: usize) -> Size {
    Size::new(1 + w as usize % max, 1 + h as usize % max).expect("1..=max is a valid size")
}

/// The `size` board that `cells` describe.
pub fn board_from_bytes(size: Size, cells: &[u8]) -> Board {
    let w = size.width();
    let mut board = Board::new(size);
    board.edit((0..w * size.height()).map(|i| {
        let c = match cells.get(i).map_or(0, |b| b % 3) {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        };
        (Point::new((i % w) as u8, (i / w) as u8), c)
    }));
    for p in board.chains_without_liberties() {
        board.remove_chain_at(p);
    }
    board
}

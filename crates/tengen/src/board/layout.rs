//! The padded cell layout and its neighbour arithmetic, written once.
//!
//! The points live in a padded one-dimensional array: `width + 1` cells per row (the extra
//! cell is a wall shared by the right edge of one row and the left edge of the next), a wall
//! row above and below, and one more wall cell at the end so that the diagonal neighbours of
//! every point are in bounds too. The four neighbours of a point are `p - stride`, `p - 1`,
//! `p + 1` and `p + stride`. Width and height are independent, so rectangular boards need
//! nothing special.
//!
//! Bit sets over padded indices (the empty points, each chain's surroundings) take `words`
//! 64-bit words; above two words the count is rounded up to a multiple of four so that AVX2
//! handles a set in whole 256-bit registers.
//!
//! Hot loops are specialised on the set width and the row stride: a [`Layout<W, S>`] with
//! `W`/`S` non-zero answers [`Layout::words`]/[`Layout::stride`] with the constant, so
//! neighbour offsets fold into the addressing and set loops unroll. Such a value exists only
//! when the board really has that shape: [`Layout::fixed`] checks it once, and nothing else
//! builds one. `0` means "not specialised: read the field".
//!
//! # Bounds (the invariant the unchecked cell access in `cells.rs` relies on)
//! For an on-board index `p` (from [`Layout::pos`] of a point inside the size, or from the
//! board's lists, which hold only such indices), `p ± 1`, `p ± stride` and `p ± stride ± 1` are
//! all in `0..len`: there is a wall row above and below and a wall cell at each end. Every
//! padded index is below `len`, `len <= 64 * words`, and a chain head is a padded index, so
//! `head * words + i < len * words` for `i < words`.

use crate::{Point, Size};

/// An empty cell.
pub(crate) const EMPTY: u8 = 0;
/// A wall cell (off the board).
pub(crate) const WALL: u8 = 3;

/// The geometry of a board's padded arrays. `W` and `S` are the set width in words and the
/// row stride when specialised (see the module docs), `0` when read at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout<const W: usize = 0, const S: usize = 0> {
    words: usize,
    stride: usize,
    len: usize,
    width: usize,
    height: usize,
}

impl Layout {
    /// The layout of a board of `size`.
    pub(crate) fn new(size: Size) -> Layout {
        let stride = size.width() + 1;
        let len = (size.height() + 2) * stride + 1;
        // above two words, round up to whole 256-bit vectors (19x19 needs 7 words: 8 are as
        // fast to scan with AVX2 and need no scalar tail)
        let words = match len.div_ceil(64) {
            w @ 0..=2 => w,
            w => w.next_multiple_of(4),
        };
        Layout {
            words,
            stride,
            len,
            width: size.width(),
            height: size.height(),
        }
    }
}

impl<const W: usize, const S: usize> Layout<W, S> {
    /// This layout specialised on the set width `W2` and the stride `S2` (each 0: not
    /// specialised), or `None` when the board does not have that shape.
    #[inline(always)]
    pub(crate) fn fixed<const W2: usize, const S2: usize>(self) -> Option<Layout<W2, S2>> {
        ((W2 == 0 || W2 == self.words) && (S2 == 0 || S2 == self.stride)).then_some(self.recast())
    }

    /// The same layout, not specialised.
    #[inline(always)]
    pub(crate) fn erased(self) -> Layout {
        self.recast()
    }

    /// The same fields under other constants: only for [`Layout::fixed`] (which checks them)
    /// and [`Layout::erased`] (which drops them).
    #[inline(always)]
    fn recast<const W2: usize, const S2: usize>(self) -> Layout<W2, S2> {
        Layout {
            words: self.words,
            stride: self.stride,
            len: self.len,
            width: self.width,
            height: self.height,
        }
    }

    /// 64-bit words per bit set (the constant `W` when specialised).
    #[inline(always)]
    pub(crate) fn words(self) -> usize {
        if W == 0 {
            self.words
        } else {
            W
        }
    }

    /// The distance between vertically adjacent cells (the constant `S` when specialised).
    #[inline(always)]
    pub(crate) fn stride(self) -> usize {
        if S == 0 {
            self.stride
        } else {
            S
        }
    }

    /// Length of the padded arrays: every padded index is below it.
    #[inline(always)]
    pub(crate) fn len(self) -> usize {
        self.len
    }

    /// The four orthogonal neighbours of the padded index `p` (on-board `p` only).
    #[inline(always)]
    pub(crate) fn nbrs(self, p: usize) -> [usize; 4] {
        let s = self.stride();
        [p - s, p - 1, p + 1, p + s]
    }

    /// The four diagonal neighbours of the padded index `p` (on-board `p` only).
    #[inline(always)]
    pub(crate) fn diagonals(self, p: usize) -> [usize; 4] {
        let s = self.stride();
        [p - s - 1, p - s + 1, p + s - 1, p + s + 1]
    }

    /// The padded index of `p`, or `None` when `p` is off the board.
    #[inline]
    pub(crate) fn checked_pos(self, p: Point) -> Option<usize> {
        ((p.x as usize) < self.width && (p.y as usize) < self.height).then(|| self.pos(p))
    }

    /// The padded index of `p`. For a point off the board the result is some other index
    /// (possibly past the end): callers check the point first ([`Layout::checked_pos`],
    /// `Size::contains`).
    #[inline]
    pub(crate) fn pos(self, p: Point) -> usize {
        (p.y as usize + 1) * self.stride() + p.x as usize + 1
    }

    /// The point of a padded on-board index.
    #[inline]
    pub(crate) fn point(self, pos: usize) -> Point {
        let s = self.stride();
        Point::new((pos % s - 1) as u8, (pos / s - 1) as u8)
    }

    /// The padded indices of all on-board points, row by row.
    pub(crate) fn all_pos(self) -> impl Iterator<Item = usize> {
        let (s, w) = (self.stride(), self.width);
        (0..self.height).flat_map(move |y| (y + 1) * s + 1..(y + 1) * s + 1 + w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_neighbour_and_diagonal_is_in_bounds() {
        let sizes: &[(usize, usize)] = if cfg!(miri) {
            &[(1, 1), (7, 2), (9, 9), (52, 1)]
        } else {
            &[(1, 1), (1, 5), (7, 2), (9, 9), (19, 19), (52, 52), (52, 1)]
        };
        for &(w, h) in sizes {
            let l = Layout::new(Size::new(w, h).unwrap());
            assert!(l.len() <= 64 * l.words());
            let mut n = 0;
            for p in l.all_pos() {
                n += 1;
                assert_eq!(l.checked_pos(l.point(p)), Some(p));
                for q in l.nbrs(p).into_iter().chain(l.diagonals(p)) {
                    assert!(q < l.len(), "{w}x{h}: {q}");
                }
            }
            assert_eq!(n, w * h);
            assert_eq!(l.checked_pos(Point::new(w as u8, 0)), None);
            assert_eq!(l.checked_pos(Point::new(0, h as u8)), None);
        }
    }

    #[test]
    fn specialisation_is_checked() {
        let l = Layout::new(Size::square(9).unwrap());
        assert_eq!(l.words(), 2);
        assert_eq!(l.stride(), 10);
        assert!(l.fixed::<2, 10>().is_some());
        assert!(l.fixed::<2, 0>().is_some());
        assert!(l.fixed::<8, 20>().is_none());
        assert!(l.fixed::<2, 20>().is_none());
        let l19 = Layout::new(Size::square(19).unwrap());
        assert_eq!(
            l19.fixed::<8, 20>().map(|l| (l.words(), l.stride())),
            Some((8, 20))
        );
        assert_eq!(l19.fixed::<8, 20>().unwrap().erased(), l19);
    }
}

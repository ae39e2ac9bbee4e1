//! The input planes of a network: `features` of a game for the side to move, and the board
//! symmetries (`transform`). The ladder planes (13 and 14) are `ladder`'s.

use numpy::{IntoPyArray, PyArray3};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tengen::{Move, Point, Reason};

use crate::errors::guarded;
use crate::game::PyGame;
use crate::ladder::ladder_planes;

/// Number of input planes of `features`.
pub(crate) const PLANES: usize = 15;

/// Map (x, y) on an n x n board through symmetry `s` (0..8): bit 2 transposes, then bit 0
/// mirrors the columns and bit 1 the rows. Symmetry 0 is the identity.
#[inline]
pub(crate) fn sym(s: usize, x: usize, y: usize, w: usize, h: usize) -> (usize, usize) {
    let (mut x, mut y, mut w, mut h) = (x, y, w, h);
    if s & 4 != 0 {
        std::mem::swap(&mut x, &mut y);
        std::mem::swap(&mut w, &mut h);
    }
    if s & 1 != 0 {
        x = w - 1 - x;
    }
    if s & 2 != 0 {
        y = h - 1 - y;
    }
    (x, y)
}

/// Write the planes of `game` for the side to move into `out` (PLANES x h x w, zeroed), the
/// board transformed by symmetry `s`. The layout is documented in `tengen.features`.
pub(crate) fn write_features(game: &tengen::Game, s: usize, out: &mut [f32]) {
    let b = game.board();
    let (w, h) = (b.width(), b.height());
    let ow = if s & 4 != 0 { h } else { w };
    let area = w * h;
    let me = game.to_move();
    let mut set = |plane: usize, x: usize, y: usize| {
        let (tx, ty) = sym(s, x, y, w, h);
        out[plane * area + ty * ow + tx] = 1.0;
    };
    for y in 0..h {
        for x in 0..w {
            let p = Point::new(x as u8, y as u8);
            set(0, x, y);
            match b.get(p) {
                Some(c) => {
                    set(if c == me { 1 } else { 2 }, x, y);
                    match b.liberties(p) {
                        Some(1) => set(3, x, y),
                        Some(2) => set(4, x, y),
                        Some(3) => set(5, x, y),
                        _ => {}
                    }
                }
                None => match game.check(me, Move::Play(p)) {
                    Ok(()) => set(12, x, y),
                    Err(e) if matches!(e.reason, Reason::Ko | Reason::Superko) => set(6, x, y),
                    Err(_) => {}
                },
            }
        }
    }
    let n = game.move_count();
    for (k, m) in game
        .moves()
        .skip(n.saturating_sub(5))
        .collect::<Vec<_>>()
        .iter()
        .rev()
        .enumerate()
    {
        if let Move::Play(p) = m.mv {
            set(7 + k, p.x as usize, p.y as usize);
        }
    }
    ladder_planes(b, me, |plane, p| set(plane, p.x as usize, p.y as usize));
}

fn check_sym(s: usize, w: usize, h: usize) -> PyResult<()> {
    if s >= 8 {
        return Err(PyValueError::new_err(format!("symmetry {s} is not 0 to 7")));
    }
    if s & 4 != 0 && w != h {
        return Err(PyValueError::new_err(format!(
            "symmetry {s} transposes, which needs a square board, not {w}x{h}"
        )));
    }
    Ok(())
}

/// The input planes of `game` for the side to move: float32 (PLANES, height, width), each
/// plane row first (`planes[k, y, x]` is about `game[x, y]`).
#[pyfunction]
#[pyo3(signature = (game, symmetry=0))]
pub(crate) fn features<'py>(
    py: Python<'py>,
    game: PyRef<'_, PyGame>,
    symmetry: usize,
) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let b = game.game.board();
    let (w, h) = (b.width(), b.height());
    check_sym(symmetry, w, h)?;
    let (ow, oh) = if symmetry & 4 != 0 { (h, w) } else { (w, h) };
    let mut v = vec![0f32; PLANES * w * h];
    guarded(|| {
        write_features(&game.game, symmetry, &mut v);
        Ok(())
    })?;
    let a = numpy::ndarray::Array3::from_shape_vec((PLANES, oh, ow), v)
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(a.into_pyarray(py))
}

/// Map a point through symmetry `s` on a `width` x `height` board (see `features`).
#[pyfunction]
#[pyo3(signature = (x, y, symmetry, width=19, height=None))]
pub(crate) fn transform(
    x: usize,
    y: usize,
    symmetry: usize,
    width: usize,
    height: Option<usize>,
) -> PyResult<(usize, usize)> {
    let h = height.unwrap_or(width);
    check_sym(symmetry, width, h)?;
    if x >= width || y >= h {
        return Err(PyValueError::new_err(format!(
            "point {x} {y} is off the {width}x{h} board"
        )));
    }
    Ok(sym(symmetry, x, y, width, h))
}

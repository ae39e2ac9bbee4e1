//! Time settings and the time left, as GTP reports them, and the time to spend on a move.

use std::time::Duration;

use tengen::Color;

/// Time settings and the time left, as GTP reports them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Clock {
    main: f64,
    byo_time: f64,
    byo_stones: u32,
    /// Seconds and stones left per colour, from `time_left`.
    left: [Option<(f64, u32)>; 2],
}

impl Clock {
    /// Fresh settings: main time, byo-yomi time per period of `byo_stones` stones.
    pub(super) fn new(main: f64, byo_time: f64, byo_stones: u32) -> Clock {
        Clock {
            main,
            byo_time,
            byo_stones,
            left: [None; 2],
        }
    }

    /// Record what `time_left` says for `color`.
    pub(super) fn set_left(&mut self, color: Color, secs: f64, stones: u32) {
        self.left[color.index()] = Some((secs, stones));
    }

    /// Time to spend on one move, if time settings are known.
    pub(super) fn budget(&self, color: Color, empties: usize) -> Option<Duration> {
        if self.main == 0.0 && self.byo_time == 0.0 {
            return None;
        }
        let (secs, stones) = self.left[color.index()].unwrap_or((self.main, 0));
        let t = if stones > 0 {
            secs / stones as f64
        } else if self.byo_stones > 0 {
            secs / (empties / 3).max(10) as f64 + self.byo_time / self.byo_stones as f64
        } else {
            secs / (empties / 3).max(10) as f64
        };
        Some(Duration::from_secs_f64((t * 0.8).max(0.01)))
    }
}

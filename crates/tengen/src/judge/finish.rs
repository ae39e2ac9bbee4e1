//! Stage 5, **the end of the game played out**: the capturing, protecting and filling moves
//! players make before a count, on the board without the dead stones. The captures and
//! protections are read ([`super::forced`]); the dame are filled here.

use crate::board::EMPTY;
use crate::seki::{harmless_fill, next_to_both};
use crate::{Board, Color};

use super::count::CountContext;
use super::forced::Forced;
use super::table::Table;

/// The board of `settled` (stages 1 to 4's) with the end of the game played out from
/// `to_move`: the captures of dead chains that threaten and the protecting moves (both
/// read, [`Forced`]), the dame, and the captures of dead chains the fills turn into threats
/// (`board` is the position with its dead stones).
pub(super) fn run(
    t: &Table,
    board: &Board,
    settled: &Board,
    ctx: &CountContext<'_>,
    to_move: Color,
) -> Board {
    let alive = t.alive();
    let threats = dead_in_atari(board, &alive, &t.chain_of);
    let mut fin = settled.clone();
    let mut forced = Forced::new(board);
    forced.dead_threats(board, &threats, &mut fin);
    let protections = forced.protect_moves(&mut fin, ctx);
    finish_dame(&mut fin, ctx, to_move, &mut forced, protections);
    // the fills can leave a capturer's chain short of liberties next to a dead chain
    forced.dead_threats(board, &threats, &mut fin);
    fin
}

/// The most a fill is worth to the player it denies (see [`finish_dame`]): more is the count's
/// reading of an open boundary, not a point the opponent's fill would really take.
const DENY_MAX: i64 = 2;

/// Fill the dame (empty points next to both colours) alternately from `to_move`, as players
/// do before counting, in two phases:
/// 1. the fills that gain points, best first: a fill's value is what it gains (a point when
///    it corners an enemy chain: see [`cornered`]) plus what it denies, i.e. what the
///    opponent's fill of the same point would gain (up to [`DENY_MAX`], and a one-point gain
///    only when it would put a chain of the mover next to the point in atari or corner it:
///    the fill that saves a protecting move inside one's own territory);
/// 2. once neither player gains, the neutral dame too (every dame is filled before a count),
///    the one that leaves an enemy chain next to it the fewest liberties first, still taking
///    any fill that gains as soon as one does: two neutral fills in a row against a chain can
///    force its owner to protect it inside its territory.
///
/// Fills that capture, retake a ko or leave the filling chain in atari are not played; shared
/// liberties in seki are never filled. The fills are valued within [`COUNT_BUDGET`] counts of
/// the board.
///
/// Protecting costs a turn: `protections` are the protections Black and White played before
/// the dame ([`Forced::protect_moves`]), and the side that played fewer fills first as many
/// times as the difference before the fills alternate from `to_move`; a fill that puts a
/// chain of the opponent in atari is answered at once by its defence ([`Forced::answer`]),
/// which is the opponent's turn.
pub(super) fn finish_dame(
    b: &mut Board,
    ctx: &CountContext<'_>,
    to_move: Color,
    forced: &mut Forced,
    protections: [u32; 2],
) {
    let mut mover = to_move.digit();
    // the turns owed to the side that protected less, and that side
    let owed_by_white = i64::from(protections[1]) - i64::from(protections[0]);
    let mut owed = owed_by_white.unsigned_abs();
    let owed_to = if owed_by_white > 0 { 1 } else { 2 };
    let mut last: Option<usize> = None;
    let mut passes = 0;
    let mut neutral = false;
    let mut candidates: Vec<usize> = Vec::new();
    let mut counts = CountBudget::new();
    for _ in 0..2 * b.size().area() {
        if passes >= 2 {
            if neutral {
                break;
            }
            neutral = true;
            passes = 0;
        }
        if let Some(m) = last.and_then(|l| forced.answer(b, l, mover, ctx.seki_stone)) {
            b.play_pos(m, mover);
            last = Some(m);
            passes = 0;
            mover ^= 3;
            continue;
        }
        if owed > 0 {
            mover = owed_to;
        }
        let sign = if mover == 1 { 1 } else { -1 };
        candidates.clear();
        for q in b.all_pos() {
            if b.cell(q) != EMPTY || ctx.seki_pt[q] {
                continue;
            }
            if next_to_both(b, q) && harmless_fill(b, q, mover) {
                candidates.push(q);
            }
        }
        // the count of the board and its margin, when the budget pays for this turn's
        let base_count = counts.turn(ctx, b, candidates.len());
        let base = base_count.as_ref().map_or(0, |c| ctx.margin(b, c));
        // (gain + denial, gain, pressure) of the best fill
        let mut best: Option<((i64, i64, i64), usize)> = None;
        for &q in &candidates {
            let ko = b.ko_state();
            b.play_pos(q, mover);
            let mut gain = 0;
            if let Some(base_count) = &base_count {
                gain = sign * (ctx.margin(b, &ctx.count(b)) - base);
                if gain == 0
                    && b.nbrs(q).iter().any(|&n| {
                        b.cell(n) == mover ^ 3 && cornered(b, n, &base_count.owners, forced)
                    })
                {
                    // the opponent will have to protect inside its territory
                    gain = 1;
                }
            }
            let fewest = b
                .nbrs(q)
                .iter()
                .filter(|&&n| b.cell(n) == mover ^ 3)
                .map(|&n| i64::from(b.libs_at(n)))
                .min();
            b.undo_play(q, mover, &[], false, ko);
            let deny = match &base_count {
                Some(c) => denial(b, ctx, q, mover, base, &c.owners, forced),
                None => 0,
            };
            let key = (gain + deny, gain, -fewest.unwrap_or(i64::MAX / 2));
            let worth = gain > 0 || (gain == 0 && (deny > 0 || neutral));
            if worth && best.is_none_or(|(k, _)| key > k) {
                best = Some((key, q));
            }
        }
        let owing = owed > 0;
        if owing {
            // an owed turn the owed side cannot use is lost
            owed = if best.is_some() { owed - 1 } else { 0 };
        }
        match best {
            Some((_, q)) => {
                b.play_pos(q, mover);
                last = Some(q);
                passes = 0;
            }
            None => {
                last = None;
                passes += 1;
            }
        }
        mover = match (owing, owed) {
            (true, 0) => to_move.digit(),
            (true, _) => owed_to,
            (false, _) => mover ^ 3,
        };
    }
}

/// The whole-board counts [`finish_dame`] may make to value its fills, in one judgement.
///
/// Each turn counts the board once and then twice per candidate fill (its gain and what it
/// denies). A finished game has a few dozen dame at most: the fills of the 373 fox-pro and
/// OGS positions of `tengen bench judge` took 922 counts at most (2026-12-07). A board full of
/// open boundaries (a game stopped early, or an arbitrary position) takes far more: 29,443 on
/// a 19x19 board of 171 dame. From the first turn the budget cannot pay for, the fills are no
/// longer valued: the rest of the dame are filled as neutral ones (phase 2 of
/// [`finish_dame`]).
const COUNT_BUDGET: usize = 5_000;

/// What is left of [`COUNT_BUDGET`] in one [`finish_dame`] (nothing once a turn could not be
/// paid for: a turn costs one count at least, so no later turn is valued).
struct CountBudget {
    left: usize,
}

impl CountBudget {
    fn new() -> Self {
        CountBudget { left: COUNT_BUDGET }
    }

    /// The count of `b` for a turn that values `candidates` fills (the turn's counts are
    /// paid for here), or `None` once the budget cannot pay for a turn.
    fn turn(
        &mut self,
        ctx: &CountContext<'_>,
        b: &Board,
        candidates: usize,
    ) -> Option<super::count::Owners> {
        let cost = 1 + 2 * candidates;
        if cost > self.left {
            self.left = 0;
            return None;
        }
        self.left -= cost;
        Some(ctx.count(b))
    }
}

/// What `mover`'s fill of `q` denies the opponent (0 to [`DENY_MAX`]): see [`finish_dame`].
/// `base` is the margin of the count of `b`.
#[allow(clippy::too_many_arguments)]
fn denial(
    b: &mut Board,
    ctx: &CountContext<'_>,
    q: usize,
    mover: u8,
    base: i64,
    owners: &[u8],
    forced: &mut Forced,
) -> i64 {
    let them = mover ^ 3;
    if !harmless_fill(b, q, them) {
        return 0;
    }
    let ko = b.ko_state();
    b.play_pos(q, them);
    let sign = if them == 1 { 1 } else { -1 };
    let gain = sign * (ctx.margin(b, &ctx.count(b)) - base);
    let ataris = b
        .nbrs(q)
        .iter()
        .any(|&n| b.cell(n) == mover && b.libs_at(n) == 1);
    let threat = gain == 0
        && b.nbrs(q)
            .iter()
            .any(|&n| b.cell(n) == mover && cornered(b, n, owners, forced));
    b.undo_play(q, them, &[], false, ko);
    if (1..=DENY_MAX).contains(&gain) && (gain > 1 || ataris) {
        gain
    } else if threat {
        1
    } else {
        0
    }
}

/// Whether the chain on `n` is *cornered*: a fill next to it would force a protecting move
/// inside its territory ([`Forced::protection`], by `owners`) and its owner cannot fill that
/// dame first without self-atari.
fn cornered(b: &Board, n: usize, owners: &[u8], forced: &mut Forced) -> bool {
    forced
        .protection(b, n, owners)
        .is_some_and(|(d, _)| !harmless_fill(b, d, b.cell(n)))
}

/// One stone of every chain judged dead that is in atari on `board`, with its last liberty.
fn dead_in_atari(board: &Board, alive: &[bool], chain_of: &[usize]) -> Vec<(usize, usize)> {
    let mut done = vec![false; alive.len()];
    let mut out = Vec::new();
    for q in board.all_pos() {
        let v = board.cell(q);
        if v != 1 && v != 2 {
            continue;
        }
        let c = chain_of[q];
        if alive[c] || done[c] {
            continue;
        }
        done[c] = true;
        if board.libs_at(q) != 1 {
            continue;
        }
        if let Some(l) = board
            .chain_stones_at(q)
            .flat_map(|s| board.nbrs(s))
            .find(|&n| board.cell(n) == EMPTY)
        {
            out.push((q, l));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};
    use crate::Point;

    /// A count context without playouts, seki or tax, under territory scoring.
    fn no_seki<'a>(own: &'a [f32], none: &'a [bool]) -> CountContext<'a> {
        CountContext {
            ownf: own,
            seki_stone: none,
            seki_pt: none,
            tax: false,
            area: false,
        }
    }

    /// Under area counting, the playouts' ownership of `b`: Black's above `split` (rows
    /// `0..split`), White's below.
    fn split_own(b: &Board, split: usize) -> Vec<f32> {
        let mut own = vec![0.0; b.padded_len()];
        for q in b.all_pos() {
            own[q] = if (b.point(q).y as usize) < split {
                1.0
            } else {
                -1.0
            };
        }
        own
    }

    /// Area counting with the playouts' ownership `own`, no seki.
    fn area<'a>(own: &'a [f32], none: &'a [bool]) -> CountContext<'a> {
        CountContext {
            area: true,
            ..no_seki(own, none)
        }
    }

    /// The black stone (4,2) in White's wall must be protected on (4,1), inside Black's
    /// territory, before White fills the dame (4,3) below it; the protection costs Black a
    /// turn. White to move fills (4,3), Black protects, and White fills the other dame (8,2)
    /// too: under area counting White gets both dame. Protecting without losing the turn
    /// gave Black the dame (8,2).
    #[test]
    fn a_protection_costs_its_owner_a_turn() {
        let rows = ".........\nXXXX.XXXX\nOOOOXOOO.\nOOOO.OOOO\n.........";
        let b = read_board(rows, InputFormat::Text).unwrap();
        let (own, none) = (split_own(&b, 2), vec![false; b.padded_len()]);
        let ctx = area(&own, &none);
        let fin = run(&Table::new(&b), &b, &b, &ctx, Color::White);
        assert_eq!(fin.get(Point::new(4, 1)), Some(Color::Black));
        assert_eq!(fin.get(Point::new(4, 3)), Some(Color::White));
        assert_eq!(fin.get(Point::new(8, 2)), Some(Color::White));
    }

    /// The black chain (4,2)-(4,3) in White's wall has the liberties (4,1), inside Black's
    /// territory, and the dame (3,3) and (5,3), which Black cannot both fill. White fills
    /// them, the second an atari, and Black answers it by connecting on (4,1): that point
    /// then counts for Black under area counting. Left unanswered, the chain in atari lost it.
    #[test]
    fn a_chain_a_fill_puts_in_atari_is_answered() {
        let rows = ".........\nXXXX.XXXX\nOOOOXOOOO\nOOO.X.OOO\nOOOOOOOOO\n.........";
        let b = read_board(rows, InputFormat::Text).unwrap();
        let (own, none) = (split_own(&b, 2), vec![false; b.padded_len()]);
        let ctx = area(&own, &none);
        let fin = run(&Table::new(&b), &b, &b, &ctx, Color::White);
        assert_eq!(fin.get(Point::new(3, 3)), Some(Color::White));
        assert_eq!(fin.get(Point::new(5, 3)), Some(Color::White));
        assert_eq!(fin.get(Point::new(4, 1)), Some(Color::Black));
    }

    #[test]
    fn the_dame_between_two_walls_are_filled() {
        let rows = "X.O\nX.O\nX.O\nX.O\nX.O";
        let b = read_board(rows, InputFormat::Text).unwrap();
        let (own, none) = (vec![0.0; b.padded_len()], vec![false; b.padded_len()]);
        let ctx = no_seki(&own, &none);
        let t = Table::new(&b);
        let fin = run(&t, &b, &b, &ctx, Color::Black);
        // filled (not the last of them: that fill would capture), nothing captured
        let filled = (0..5)
            .filter(|&y| fin.get(Point::new(1, y)).is_some())
            .count();
        assert!(filled >= 3, "{filled} filled");
        for y in 0..5 {
            assert_eq!(fin.get(Point::new(0, y)), Some(Color::Black));
            assert_eq!(fin.get(Point::new(2, y)), Some(Color::White));
        }
    }

    /// Stripes of Black's and White's rows with an empty row between each two: 171 dame on
    /// 19x19. Valuing every fill took 29,443 counts, 0.45 s against 0.08 s (2026-12-07):
    /// the fills stop being valued where the budget ends, and every dame is still filled.
    #[test]
    fn the_fills_of_a_board_full_of_dame_keep_to_the_count_budget() {
        let rows: Vec<String> = (0..19)
            .map(|y| match y % 4 {
                0 => "X".repeat(19),
                2 => "O".repeat(19),
                _ => ".".repeat(19),
            })
            .collect();
        let b = read_board(&rows.join("\n"), InputFormat::Text).unwrap();
        let (own, none) = (vec![0.0; b.padded_len()], vec![false; b.padded_len()]);
        let ctx = no_seki(&own, &none);
        let mut fin = b.clone();
        super::super::count::COUNTS_MADE.with(|c| c.set(0));
        finish_dame(&mut fin, &ctx, Color::Black, &mut Forced::new(&b), [0, 0]);
        let made = super::super::count::COUNTS_MADE.with(|c| c.get());
        assert!(made <= COUNT_BUDGET, "{made} counts");
        let filled = b
            .all_pos()
            .filter(|&q| b.cell(q) == EMPTY && fin.cell(q) != EMPTY)
            .count();
        for q in fin.all_pos() {
            if fin.cell(q) == EMPTY && next_to_both(&fin, q) {
                assert!(
                    !harmless_fill(&fin, q, 1) && !harmless_fill(&fin, q, 2),
                    "{:?} left open ({filled} filled)",
                    fin.point(q)
                );
            }
        }
    }

    #[test]
    fn a_chain_with_a_dame_and_a_territory_point_is_protected() {
        // the black stone (4,2) pokes into White's wall: its liberties are the dame (4,3)
        // and (4,1), a point of Black's territory above; a chain of two liberties, one a
        // dame, one its own territory point, is protected on the territory point
        let rows = ".........\nXXXX.XXXX\nOOOOXOOOO\nOOOO.OOOO\n.........";
        let b = read_board(rows, InputFormat::Text).unwrap();
        let (own, none) = (vec![0.0; b.padded_len()], vec![false; b.padded_len()]);
        let ctx = no_seki(&own, &none);
        let mut fin = b.clone();
        Forced::new(&b).protect_moves(&mut fin, &ctx);
        assert_eq!(fin.get(Point::new(4, 1)), Some(Color::Black));
    }
}

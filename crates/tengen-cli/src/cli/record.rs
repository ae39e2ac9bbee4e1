//! A record's final position read for counting: its replay with the rules, komi (servers'
//! encodings recognised), captures and handicap (`tengen score` and `render`).

use tengen::sgf::{Replay, ReplayOptions, Replayer, WarningKind};
use tengen::{Board, Komi, Rules};

/// A record's position ready to judge: the board its replay ended on, and the replay (its
/// rules with the komi read, the player to move, captures, handicap and recorded result).
pub struct Record {
    /// The position.
    pub board: Board,
    /// The replay that reached it (without an illegal move).
    pub replay: Replay,
}

impl Record {
    /// Readings the replay took that the user should know about (servers' komi encodings).
    pub fn notes(&self) -> Vec<String> {
        komi_notes(&self.replay)
    }
}

/// The replay's warnings about the komi it read (servers' encodings): the ones `tengen score`
/// and `tengen render` pass on.
fn komi_notes(rep: &Replay) -> Vec<String> {
    rep.warnings
        .iter()
        .filter(|w| matches!(w.kind, WarningKind::Komi | WarningKind::FoxKomi))
        .map(|w| w.message.clone())
        .collect()
}

/// Replay `sgf` to its end (or `until` moves) and read rules, komi and result. `rules` and
/// `komi` override the record's.
pub fn read_record(
    sgf: &[u8],
    until: Option<usize>,
    rules: Option<Rules>,
    komi: Option<Komi>,
) -> Result<Record, String> {
    let mut r = Replayer::new();
    let opts = ReplayOptions {
        rules,
        komi,
        until,
        ..ReplayOptions::default()
    };
    // the replay driver reads the komi (servers' encodings included) and the result
    let rep = r.replay(sgf, &opts).map_err(|e| e.to_string())?;
    if let Some(e) = rep.error {
        return Err(e.to_string());
    }
    if let Some(n) = until.filter(|&n| n > rep.moves) {
        return Err(format!(
            "--move {n}: the record has only {} moves",
            rep.moves
        ));
    }
    Ok(Record {
        board: r.board().clone(),
        replay: rep,
    })
}

/// The recorded result as `score` and `replay --score` print it beside the count: the
/// record's `RE`, or for a result in stones (the Fox server's Chinese records) the result in
/// points with the stones in brackets, `W+2.5 [W+1.25 in stones]`.
pub fn recorded(rep: &Replay) -> Option<String> {
    let re = rep.result.as_deref()?;
    Some(
        match rep
            .fox_komi
            .filter(|f| f.result_in_stones())
            .and_then(|_| tengen::sgf::fox::stones_to_points(re))
        {
            Some(points) => format!("{points} [{} in stones]", re.trim()),
            None => re.to_string(),
        },
    )
}

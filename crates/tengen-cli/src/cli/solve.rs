//! `tengen solve PROBLEM.sgf`: life and death of the enclosed groups of a problem's position
//! (the root's setup, `PL` to play), read by the library's df-pn solver
//! ([`tengen::read::Reader::life_and_death`]); `--check` compares the answer with the
//! record's own solution branches.

use clap::Args;
use serde::Serialize;
use tengen::read::{Framed, LifeAndDeath, LifeLine, ReadConfig, ReadError, Reader};
use tengen::sgf::{self, Collection, Mode, NodeId, ReplayOptions, Replayer};
use tengen::vertex::column_name;
use tengen::{Board, Color, Move, Point, Rules};

use super::args::{json_line, parse_coords, print};
use super::EXIT_USAGE;

/// Options of `tengen solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The problem: an SGF record whose root sets up the position (`AB`, `AW`, `PL`); its
    /// branches are the record's solutions, read by `--check`.
    file: std::path::PathBuf,
    /// Read only the group with a stone at this point (`x,y` from the top left, or a vertex
    /// such as B18); by default every enclosed group whose fate depends on who moves first,
    /// the largest first.
    #[arg(long, value_name = "POINT")]
    group: Option<String>,
    /// Compare the key move with the record's solutions: the first moves of the root's
    /// branches whose line holds a comment with `RIGHT` (as problem collections mark them), or
    /// else the first move of the main line. Exit status 1 when they disagree.
    #[arg(long)]
    check: bool,
    /// Print one JSON object: each group's status for either side first, key moves, the
    /// principal variation and nodes.
    #[arg(long)]
    json: bool,
    /// The solver's node budget per search (default: the library's tsumego budget).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
}

/// The most moves of a principal variation (each one more solve of the position after it).
const MAX_PV: usize = 24;

/// One side of a group's answer, for JSON.
#[derive(Serialize)]
struct LineJson {
    status: &'static str,
    key: Option<String>,
    proven: bool,
    nodes: u64,
}

/// One group's answer, for JSON.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GroupJson {
    point: [u8; 2],
    vertex: String,
    color: &'static str,
    stones: usize,
    region: Vec<[u8; 2]>,
    /// Whether the group is open and was read inside a frame (`tengen::read::frame`), whose box
    /// is `region`.
    framed: bool,
    attacker_first: LineJson,
    defender_first: LineJson,
    /// The status with the problem's player to play, its key move and the line that follows.
    to_play: LineJson,
    pv: Vec<String>,
}

/// `--check`'s verdict, for JSON.
#[derive(Serialize)]
struct CheckJson {
    right: bool,
    solutions: Vec<String>,
    key: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolveJson {
    file: String,
    to_play: &'static str,
    groups: Vec<GroupJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    check: Option<CheckJson>,
}

/// A point as a GTP vertex (`B18`) on a board `height` rows high.
fn vertex(p: Point, height: usize) -> String {
    format!("{}{}", column_name(p.x as usize), height - p.y as usize)
}

fn move_name(m: Move, height: usize) -> String {
    match m {
        Move::Pass => "pass".to_string(),
        Move::Play(p) => vertex(p, height),
    }
}

fn line_json(l: &LifeLine, height: usize) -> LineJson {
    LineJson {
        status: l.status.name(),
        key: l.key.map(|m| move_name(m, height)),
        proven: l.proven,
        nodes: l.nodes,
    }
}

/// The problem's position (the main line's setup before its first move) and its player to
/// play: `PL`, else the colour of the first solution move, else Black.
fn problem(bytes: &[u8]) -> Result<(Board, Color, Collection, NodeId), String> {
    // one parse: the tree (the solution branches) and the position replayed from it
    let parsed = sgf::parse(bytes, Mode::Lenient).map_err(|e| e.to_string())?;
    let coll = parsed.collection;
    let root = *coll.roots().first().ok_or("the file holds no game")?;
    let opts = ReplayOptions {
        until: Some(0),
        ..ReplayOptions::default()
    };
    let mut r = Replayer::new();
    r.replay_tree(&coll, root, &opts, Vec::new())
        .map_err(|e| e.to_string())?;
    let board = r.board().clone();
    let pl = coll
        .node(root)
        .value("PL")
        .and_then(|v| v.trim_ascii().first().copied());
    let first = first_move(&coll, root).map(|(c, _)| c);
    let to_play = match pl {
        Some(b'B' | b'b') => Color::Black,
        Some(b'W' | b'w') => Color::White,
        _ => first.unwrap_or(Color::Black),
    };
    Ok((board, to_play, coll, root))
}

/// The first move below `node` on its main line: (colour, move).
fn first_move(coll: &Collection, node: NodeId) -> Option<(Color, Move)> {
    coll.main_line(node).find_map(|id| node_move(coll, id))
}

/// The move of one node (`B` or `W`), if any: an empty value or `tt` on a board of 19 or
/// less is a pass.
fn node_move(coll: &Collection, id: NodeId) -> Option<(Color, Move)> {
    let n = coll.node(id);
    for (key, c) in [("B", Color::Black), ("W", Color::White)] {
        if let Some(v) = n.value(key) {
            return Some((
                c,
                match sgf::parse_point(v) {
                    Some(p) if v != b"tt" => Move::Play(p),
                    _ => Move::Pass,
                },
            ));
        }
    }
    None
}

/// Whether a node at or below `id` has a comment marking it right (`RIGHT`, as problem
/// collections such as goproblems.com write it).
fn marked_right(coll: &Collection, id: NodeId) -> bool {
    let mut stack = vec![id];
    while let Some(n) = stack.pop() {
        let node = coll.node(n);
        if node
            .value("C")
            .is_some_and(|c| c.windows(5).any(|w| w == b"RIGHT"))
        {
            return true;
        }
        stack.extend(node.children.iter().copied());
    }
    false
}

/// The record's solutions: the first moves of the root's branches marked right, or the main
/// line's first move when nothing is marked.
fn solutions(coll: &Collection, root: NodeId) -> Vec<Move> {
    let branches = &coll.node(root).children;
    let right: Vec<Move> = branches
        .iter()
        .filter(|&&b| marked_right(coll, b))
        .filter_map(|&b| first_move(coll, b).map(|(_, m)| m))
        .collect();
    if !right.is_empty() {
        return right;
    }
    first_move(coll, root).map(|(_, m)| m).into_iter().collect()
}

/// The groups to read: the one at `--group`, or every group whose region the library finds
/// (each region read once, about its largest chain), with its answer; with no `--group`,
/// only those whose status depends on who moves first, unless none does, the most stones
/// first (`--check` reads the first). When no enclosed group is unsettled, the open groups
/// of the colour nearer the edges are read in frames too.
fn groups(reader: &mut Reader, board: &Board, only: Option<Point>) -> Result<Vec<Group>, String> {
    if let Some(p) = only {
        let (ld, framed) = read_group(reader, board, p, true)
            .map_err(|e| format!("the group at {}: {e}", vertex(p, board.height())))?;
        return Ok(vec![Group {
            p,
            ld,
            framed,
            stones: 0,
        }]);
    }
    let mut seen = vec![false; board.width() * board.height()];
    let mut all = read_groups(reader, board, &mut seen, false, None);
    if !all.iter().any(Group::unsettled) {
        all.extend(read_groups(
            reader,
            board,
            &mut seen,
            true,
            inner_color(board),
        ));
    }
    // the groups whose fate depends on who moves first (all of them when none does), the
    // most stones first: a problem is about its largest unsettled group
    if all.iter().any(Group::unsettled) {
        all.retain(Group::unsettled);
    }
    all.sort_by_key(|g| std::cmp::Reverse(g.stones));
    Ok(all)
}

/// One stone's reading of each group not yet `seen` (of `color` only, when given), each
/// about its largest chain; the stones of each region read are marked seen. With `frame`,
/// only the open groups, read in frames.
fn read_groups(
    reader: &mut Reader,
    board: &Board,
    seen: &mut [bool],
    frame: bool,
    color: Option<Color>,
) -> Vec<Group> {
    let mut out = Vec::new();
    for p in board.size().points() {
        let idx = p.y as usize * board.width() + p.x as usize;
        let owner = board.get(p);
        if seen[idx] || owner.is_none() || color.is_some_and(|c| owner != Some(c)) {
            continue;
        }
        // an open group is read inside a frame (see `tengen::read::frame`); one whose
        // problem is too large even so has no answer here
        let Ok((ld, framed)) = read_group(reader, board, p, frame) else {
            continue;
        };
        for &q in &ld.region {
            if board.get(q) == owner {
                seen[q.y as usize * board.width() + q.x as usize] = true;
            }
        }
        // the group is read about its largest chain: capturing a lone stone of it is not
        // killing it (the first stone found may be such a stone)
        let size = |q: Point| board.chain(q).map_or(0, |c| c.stones.len());
        let main = ld
            .region
            .iter()
            .copied()
            .filter(|&q| board.get(q) == owner)
            .fold(p, |best, q| if size(q) > size(best) { q } else { best });
        let (ld, framed) = if main == p {
            (ld, framed)
        } else {
            read_group(reader, board, main, frame).unwrap_or((ld, framed))
        };
        let stones = ld.region.iter().filter(|&&q| board.get(q) == owner).count();
        if !frame || framed.is_some() {
            out.push(Group {
                p: main,
                ld,
                framed,
                stones,
            });
        }
    }
    out
}

/// The colour whose stones lie nearer the edges of the board on average (`None` on a tie):
/// in a problem drawn on an open board, the side being surrounded. Only its groups are read
/// inside a frame: the other side's stones are the wall around them.
fn inner_color(board: &Board) -> Option<Color> {
    let (w, h) = (board.width(), board.height());
    let mut sum = [0usize; 2];
    let mut n = [0usize; 2];
    for p in board.size().points() {
        if let Some(c) = board.get(p) {
            let (x, y) = (p.x as usize, p.y as usize);
            let edge = x.min(y).min(w - 1 - x).min(h - 1 - y);
            let i = (c == Color::White) as usize;
            sum[i] += edge;
            n[i] += 1;
        }
    }
    // mean distances compared without division: sum_b / n_b against sum_w / n_w
    let (b, wh) = (sum[0] * n[1], sum[1] * n[0]);
    match b.cmp(&wh) {
        _ if n[0] == 0 || n[1] == 0 => None,
        std::cmp::Ordering::Less => Some(Color::Black),
        std::cmp::Ordering::Greater => Some(Color::White),
        std::cmp::Ordering::Equal => None,
    }
}

/// One group to answer: a stone of its largest chain, its answer, the frame it was read in
/// when it is open, and its stones in the region (0 for `--group`'s, which is not ranked).
struct Group {
    p: Point,
    ld: LifeAndDeath,
    framed: Option<Framed>,
    stones: usize,
}

impl Group {
    /// Whether the group's fate depends on who moves first.
    fn unsettled(&self) -> bool {
        self.ld.attacker_first.status != self.ld.defender_first.status
    }
}

/// The life and death of the group on `p` in the region the library finds, or, with
/// `frame` and when the group is open, inside the frame around its problem
/// ([`Reader::problem_life_and_death`]).
fn read_group(
    reader: &mut Reader,
    board: &Board,
    p: Point,
    frame: bool,
) -> Result<(LifeAndDeath, Option<Framed>), ReadError> {
    if frame {
        reader.problem_life_and_death(board, p)
    } else {
        reader.life_and_death(board, p, None).map(|ld| (ld, None))
    }
}

/// The line from the position: each side plays its key move for the group at `p` in turn
/// until the group's fate no longer depends on who moves, a side has no key, or the group
/// is captured.
fn principal_variation(reader: &mut Reader, g: &Group, board: &Board, first: Color) -> Vec<Move> {
    let p = g.p;
    let owner = board.get(p);
    let (mut b, region) = match &g.framed {
        Some(f) => (f.board.clone(), Some(f.region.as_slice())),
        None => (board.clone(), None),
    };
    let mut side = first;
    let mut pv = Vec::new();
    let rules = Rules::default();
    while pv.len() < MAX_PV && b.get(p) == owner {
        let Ok(ld) = reader.life_and_death(&b, p, region) else {
            break;
        };
        if !pv.is_empty() && ld.attacker_first.status == ld.defender_first.status {
            break;
        }
        let line = if Some(side) == owner {
            ld.defender_first
        } else {
            ld.attacker_first
        };
        let Some(Move::Play(q)) = line.key else {
            break;
        };
        if b.play(q, side, &rules).is_err() {
            break;
        }
        pv.push(Move::Play(q));
        side = side.opponent();
    }
    pv
}

/// `tengen solve`. Returns the exit status.
pub fn run(args: &SolveArgs) -> i32 {
    let name = args.file.display().to_string();
    let fail = |msg: String| {
        eprintln!("tengen solve: {msg}");
        EXIT_USAGE
    };
    let bytes = match sgf::read_file(&args.file) {
        Ok(b) => b,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    let (board, to_play, coll, root) = match problem(&bytes) {
        Ok(x) => x,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    let h = board.height();
    let only = match &args.group {
        None => None,
        Some(g) => match parse_coords(g, h).and_then(|(x, y)| board.size().point(x, y)) {
            Some(p) if board.get(p).is_some() => Some(p),
            Some(_) => return fail(format!("--group {g}: no stone there")),
            None => return fail(format!("--group {g:?} is not a point of the board")),
        },
    };
    let mut config = ReadConfig::default();
    if let Some(n) = args.nodes {
        config.tsumego_budget = n;
    }
    let mut reader = Reader::new(config);
    let found = match groups(&mut reader, &board, only) {
        Ok(g) => g,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    if found.is_empty() {
        eprintln!(
            "tengen solve: {name}: no group to read (every group is open, with no opponent's \
             stones near it to frame, or its problem is over {} points)",
            tengen::read::MAX_REGION
        );
        return 1;
    }
    let mut out = Vec::new();
    for g in &found {
        let (p, ld) = (&g.p, &g.ld);
        let owner = board.get(*p).unwrap_or(Color::Black);
        let mine = if to_play == owner {
            &ld.defender_first
        } else {
            &ld.attacker_first
        };
        let pv = principal_variation(&mut reader, g, &board, to_play);
        out.push(GroupJson {
            point: [p.x, p.y],
            vertex: vertex(*p, h),
            color: owner.name(),
            stones: board.chain(*p).map_or(0, |c| c.stones.len()),
            region: ld.region.iter().map(|q| [q.x, q.y]).collect(),
            framed: g.framed.is_some(),
            attacker_first: line_json(&ld.attacker_first, h),
            defender_first: line_json(&ld.defender_first, h),
            to_play: line_json(mine, h),
            pv: pv.iter().map(|&m| move_name(m, h)).collect(),
        });
    }
    // --check: the first group's key move for the player to play against the record's
    let check = args.check.then(|| {
        let sols = solutions(&coll, root);
        let key = out[0].to_play.key.clone();
        let names: Vec<String> = sols.iter().map(|&m| move_name(m, h)).collect();
        CheckJson {
            right: key.as_ref().is_some_and(|k| names.contains(k)),
            solutions: names,
            key,
        }
    });
    let status = match &check {
        Some(c) if !c.right => 1,
        _ => 0,
    };
    let text = if args.json {
        json_line(&SolveJson {
            file: name.clone(),
            to_play: to_play.name(),
            groups: out,
            check,
        })
    } else {
        let mut s = String::new();
        for g in &out {
            let t = &g.to_play;
            s.push_str(&format!(
                "{name}: {} to play: {} group at {} ({} stones{}): {}",
                to_play.name(),
                g.color,
                g.vertex,
                g.stones,
                if g.framed {
                    ", open: read in a frame"
                } else {
                    ""
                },
                t.status
            ));
            if let Some(k) = &t.key {
                s.push_str(&format!(", key {k}"));
            }
            s.push_str(if t.proven {
                " (proven)"
            } else {
                " (unproven: budget or repetition)"
            });
            if g.pv.len() > 1 {
                s.push_str(&format!("; line {}", g.pv.join(" ")));
            }
            s.push('\n');
        }
        if let Some(c) = &check {
            s.push_str(&format!(
                "check: {} (key {}; the record's {})\n",
                if c.right { "right" } else { "wrong" },
                c.key.as_deref().unwrap_or("none"),
                if c.solutions.is_empty() {
                    "none".to_string()
                } else {
                    c.solutions.join(", ")
                }
            ));
        }
        s
    };
    print("solve", &text, status)
}

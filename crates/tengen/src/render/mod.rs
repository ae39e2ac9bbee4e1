//! Board diagrams: SVG written by hand, PNG by rasterising that SVG with `resvg`.
//!
//! A [`Picture`] is one or more [`Panel`]s side by side (a move's before and after) above a
//! legend of text lines. Each panel draws a board with its grid, star points, optional
//! coordinates ([`Coords`]: GTP letters without `I` and row 1 at the bottom, or SGF letters),
//! stones, and the marks a caller asks for: the last move (a red ring), move numbers on
//! stones, captured stones (faded, crossed), an illegal move (a faded stone of the player's
//! colour in a red square), ownership squares (territory or counted area), dead stones
//! (crossed), pass-alive chains (a green ring on each stone), chains and points in seki (a
//! dashed blue ring, a blue diamond) and an ownership shading (each point shaded towards its
//! owner's colour, the stronger the surer).
//!
//! The SVG is written by hand rather than with an SVG-building crate: it is a few dozen lines
//! of plain elements, and writing it directly keeps the output stable for the golden tests.
//! Numbers are written with at most two decimals.
//!
//! ```
//! use tengen::render::{Coords, Panel, Picture};
//! use tengen::{Board, Color, Point};
//! let mut b = Board::square(9).unwrap();
//! b.edit([(Point::new(2, 2), Some(Color::Black))]);
//! let mut panel = Panel::new(&b);
//! panel.last = Some(Point::new(2, 2));
//! let pic = Picture { panels: vec![panel], coords: Coords::Gtp, legend: vec![] };
//! let svg = pic.to_svg();
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains(">C<") && svg.contains(">9<")); // column C, row 9
//! ```

use std::fmt::Write as _;
use std::path::Path;

use crate::{Board, Color, Point};

/// Size of one grid square in SVG units (pixels in the PNG).
pub const CELL: f64 = 24.0;
const LEGEND_LINE: f64 = 18.0;
const BOARD_FILL: &str = "#dcb35c";
const RED: &str = "#d01c1c";
const GREEN: &str = "#10a040";
const BLUE: &str = "#1c5cd0";

/// Coordinate labels around the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Coords {
    /// No labels.
    None,
    /// GTP: columns `A`.. without `I` (then two letters), rows numbered from 1 at the bottom.
    #[default]
    Gtp,
    /// SGF: columns and rows lettered `a`..`z`, `A`..`Z` from the top left.
    Sgf,
}

/// An unknown coordinate style name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown coordinate style {0:?}: expected gtp, sgf or none")]
pub struct UnknownCoords(pub String);

impl std::str::FromStr for Coords {
    type Err = UnknownCoords;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "gtp" => Ok(Coords::Gtp),
            "sgf" => Ok(Coords::Sgf),
            "none" => Ok(Coords::None),
            _ => Err(UnknownCoords(s.to_string())),
        }
    }
}

use crate::vertex::column_name as gtp_column;
pub use crate::vertex::star_points;

/// One board drawing and its marks.
#[derive(Clone, Debug)]
pub struct Panel<'a> {
    /// The position.
    pub board: &'a Board,
    /// A caption above the board.
    pub title: Option<String>,
    /// The last move, ringed (unless it carries a number).
    pub last: Option<Point>,
    /// Numbers written on the stones at these points.
    pub numbers: Vec<(Point, u32)>,
    /// Stones no longer on the board, drawn faded and crossed.
    pub captured: Vec<(Point, Color)>,
    /// An illegal move: a faded stone of that colour in a red square.
    pub illegal: Option<(Point, Color)>,
    /// Owner squares: territory, or a point counted for a player.
    pub owners: Vec<(Point, Color)>,
    /// Stones crossed as dead.
    pub dead: Vec<Point>,
    /// Stones ringed as pass-alive.
    pub alive: Vec<Point>,
    /// Stones in seki, ringed in blue, and empty points in seki (their shared liberties),
    /// marked with a small blue diamond.
    pub seki: Vec<Point>,
    /// An ownership shading: per point, row by row, +1 (Black's) to −1 (White's), drawn as a
    /// square of that colour over the whole point whose opacity grows with the value; empty
    /// for none.
    pub ownership: Vec<f32>,
}

impl<'a> Panel<'a> {
    /// A panel of `board` without marks.
    pub fn new(board: &'a Board) -> Panel<'a> {
        Panel {
            board,
            title: None,
            last: None,
            numbers: Vec::new(),
            captured: Vec::new(),
            illegal: None,
            owners: Vec::new(),
            dead: Vec::new(),
            alive: Vec::new(),
            seki: Vec::new(),
            ownership: Vec::new(),
        }
    }
}

/// Panels side by side over a legend.
#[derive(Clone, Debug)]
pub struct Picture<'a> {
    /// The boards, left to right.
    pub panels: Vec<Panel<'a>>,
    /// Coordinate labels for every panel.
    pub coords: Coords,
    /// Lines of text under the boards (a score, a reason).
    pub legend: Vec<String>,
}

/// Why a picture could not be written.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The output file name ends in neither `.svg` nor `.png`.
    #[error("cannot tell the picture format of {0:?}: the file name must end in .svg or .png")]
    UnknownExtension(String),
    /// The rasteriser could not read the SVG (a bug in the writer).
    #[error("cannot rasterise the SVG: {0}")]
    Svg(String),
    /// The picture is too large to rasterise.
    #[error("cannot rasterise a {0}x{1} picture")]
    Size(u32, u32),
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Png(String),
    /// PNG output was asked of [`Picture::write_file`], which writes SVG only (the `tengen`
    /// CLI rasterises PNG with resvg).
    #[error("this library writes SVG only: PNG is rasterised by the tengen command-line tool")]
    NoPng,
    /// Writing the file failed.
    #[error("cannot write {path:?}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

/// Picture formats by file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics.
    Svg,
    /// Portable network graphics (the SVG rasterised).
    Png,
}

impl ImageFormat {
    /// The format named by `path`'s extension (case-insensitive `.svg` or `.png`).
    ///
    /// # Errors
    /// [`RenderError::UnknownExtension`] for any other name.
    pub fn from_path(path: &Path) -> Result<ImageFormat, RenderError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(ImageFormat::Svg),
            Some("png") => Ok(ImageFormat::Png),
            _ => Err(RenderError::UnknownExtension(path.display().to_string())),
        }
    }
}

/// A number with at most two decimals, without trailing zeros.
fn n(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn stone_fill(c: Color) -> &'static str {
    match c {
        Color::Black => "#111111",
        Color::White => "#f6f6f6",
    }
}

fn contrast(c: Option<Color>) -> &'static str {
    match c {
        Some(Color::Black) => "#ffffff",
        _ => "#111111",
    }
}

impl Picture<'_> {
    fn margin(&self) -> f64 {
        match self.coords {
            Coords::None => 18.0,
            _ => {
                let wide = self.panels.iter().any(|p| p.board.width() > 25);
                let tall = self.panels.iter().any(|p| p.board.height() > 9);
                if (wide || tall) && self.coords == Coords::Gtp {
                    38.0
                } else {
                    34.0
                }
            }
        }
    }

    fn has_titles(&self) -> bool {
        self.panels.iter().any(|p| p.title.is_some())
    }

    /// Width and height of the whole picture in SVG units.
    pub fn dimensions(&self) -> (f64, f64) {
        let m = self.margin();
        let title = if self.has_titles() { LEGEND_LINE } else { 0.0 };
        let mut w: f64 = 0.0;
        let mut h: f64 = 0.0;
        for p in &self.panels {
            w += 2.0 * m + (p.board.width() - 1) as f64 * CELL;
            h = h.max(2.0 * m + (p.board.height() - 1) as f64 * CELL + title);
        }
        let legend = if self.legend.is_empty() {
            0.0
        } else {
            self.legend.len() as f64 * LEGEND_LINE + LEGEND_LINE * 0.5
        };
        let longest = self
            .legend
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0) as f64
            * 7.5
            + 2.0 * 8.0;
        (w.max(longest).ceil(), (h + legend).ceil())
    }

    /// The centre of point `p` of panel `panel` (from 0) in picture units: where its stone is
    /// drawn (and, in the PNG, the pixel holding that position).
    pub fn point_center(&self, panel: usize, p: Point) -> (f64, f64) {
        let m = self.margin();
        let top = if self.has_titles() { LEGEND_LINE } else { 0.0 };
        let left: f64 = self.panels[..panel]
            .iter()
            .map(|q| 2.0 * m + (q.board.width() - 1) as f64 * CELL)
            .sum();
        (
            left + m + 0.5 + p.x as f64 * CELL,
            top + m + 0.5 + p.y as f64 * CELL,
        )
    }

    /// The picture as an SVG document.
    pub fn to_svg(&self) -> String {
        let (w, h) = self.dimensions();
        let mut s = String::with_capacity(4096);
        let _ = writeln!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">"##,
            n(w),
            n(h),
            n(w),
            n(h)
        );
        let _ = writeln!(
            s,
            r##"<rect width="{}" height="{}" fill="#ffffff"/>"##,
            n(w),
            n(h)
        );
        let m = self.margin();
        let top = if self.has_titles() { LEGEND_LINE } else { 0.0 };
        let mut left = 0.0;
        let mut bottom: f64 = 0.0;
        for p in &self.panels {
            self.panel(&mut s, p, left, top);
            left += 2.0 * m + (p.board.width() - 1) as f64 * CELL;
            bottom = bottom.max(top + 2.0 * m + (p.board.height() - 1) as f64 * CELL);
        }
        for (i, line) in self.legend.iter().enumerate() {
            let _ = writeln!(
                s,
                r##"<text x="8" y="{}" font-size="13" fill="#111111">{}</text>"##,
                n(bottom + (i as f64 + 0.8) * LEGEND_LINE),
                xml_escape(line)
            );
        }
        s.push_str("</svg>\n");
        s
    }

    fn panel(&self, s: &mut String, p: &Panel<'_>, left: f64, top: f64) {
        let b = p.board;
        let (bw, bh) = (b.width(), b.height());
        let m = self.margin();
        // lines on pixel centres: a one-unit line covers one pixel row exactly
        let ox = left + m + 0.5;
        let oy = top + m + 0.5;
        let px = |x: usize| ox + x as f64 * CELL;
        let py = |y: usize| oy + y as f64 * CELL;
        let (gw, gh) = ((bw - 1) as f64 * CELL, (bh - 1) as f64 * CELL);
        if let Some(t) = &p.title {
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="#111111">{}</text>"##,
                n(ox + gw / 2.0),
                n(top - 4.0),
                xml_escape(t)
            );
        }
        let pad = CELL * 0.6;
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{BOARD_FILL}"/>"##,
            n(ox - pad),
            n(oy - pad),
            n(gw + 2.0 * pad),
            n(gh + 2.0 * pad)
        );
        // grid: one path, the outer frame thicker
        let mut d = String::new();
        for y in 0..bh {
            let _ = write!(d, "M{} {}H{}", n(px(0)), n(py(y)), n(px(bw - 1)));
        }
        for x in 0..bw {
            let _ = write!(d, "M{} {}V{}", n(px(x)), n(py(0)), n(py(bh - 1)));
        }
        let _ = writeln!(
            s,
            r##"<path d="{d}" stroke="#000000" stroke-width="1" fill="none"/>"##
        );
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" stroke="#000000" stroke-width="2" fill="none"/>"##,
            n(ox),
            n(oy),
            n(gw),
            n(gh)
        );
        for sp in star_points(bw, bh) {
            let _ = writeln!(
                s,
                r##"<circle cx="{}" cy="{}" r="{}" fill="#000000"/>"##,
                n(px(sp.x as usize)),
                n(py(sp.y as usize)),
                n(CELL * 0.11)
            );
        }
        self.labels(s, bw, bh, ox, oy);
        let r = CELL * 0.47;
        // the ownership shading under everything else
        if p.ownership.len() == bw * bh {
            for q in b.size().points() {
                let v = p.ownership[q.y as usize * bw + q.x as usize];
                if !v.is_finite() || v.abs() < 0.05 {
                    continue;
                }
                let c = if v > 0.0 { Color::Black } else { Color::White };
                let _ = writeln!(
                    s,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{}" fill-opacity="{}" class="ownership"/>"##,
                    n(px(q.x as usize) - CELL / 2.0),
                    n(py(q.y as usize) - CELL / 2.0),
                    n(CELL),
                    n(CELL),
                    stone_fill(c),
                    n(f64::from(v.abs().min(1.0)) * 0.6)
                );
            }
        }
        // owner squares under the stones' marks: on empty points and dead stones
        let dead_at = |q: Point| p.dead.contains(&q);
        for &(q, c) in &p.owners {
            if b.get(q).is_some() && !dead_at(q) {
                continue;
            }
            let a = CELL * 0.36;
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{}" fill-opacity="0.85" stroke="{}" stroke-width="0.8" class="owner-{}"/>"##,
                n(px(q.x as usize) - a / 2.0),
                n(py(q.y as usize) - a / 2.0),
                n(a),
                n(a),
                stone_fill(c),
                contrast(Some(c.opponent())),
                c.name()
            );
        }
        for q in b.size().points() {
            if let Some(c) = b.get(q) {
                let dead = dead_at(q);
                let _ = writeln!(
                    s,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#000000" stroke-width="1"{}/>"##,
                    n(px(q.x as usize)),
                    n(py(q.y as usize)),
                    n(r),
                    stone_fill(c),
                    if dead {
                        r##" fill-opacity="0.55""##
                    } else {
                        ""
                    }
                );
            }
        }
        for &q in &p.alive {
            let _ = writeln!(
                s,
                r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{GREEN}" stroke-width="2.5"/>"##,
                n(px(q.x as usize)),
                n(py(q.y as usize)),
                n(r - 1.5)
            );
        }
        for &q in &p.seki {
            let (cx, cy) = (px(q.x as usize), py(q.y as usize));
            if b.get(q).is_some() {
                let _ = writeln!(
                    s,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{BLUE}" stroke-width="2.5" stroke-dasharray="4 2" class="seki"/>"##,
                    n(cx),
                    n(cy),
                    n(r - 1.5)
                );
            } else {
                let a = CELL * 0.22;
                let _ = writeln!(
                    s,
                    r##"<path d="M{} {}L{} {}L{} {}L{} {}Z" fill="{BLUE}" class="seki"/>"##,
                    n(cx),
                    n(cy - a),
                    n(cx + a),
                    n(cy),
                    n(cx),
                    n(cy + a),
                    n(cx - a),
                    n(cy)
                );
            }
        }
        let cross = |s: &mut String, q: Point, half: f64, width: f64| {
            let (cx, cy) = (px(q.x as usize), py(q.y as usize));
            let _ = writeln!(
                s,
                r##"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="{RED}" stroke-width="{}" stroke-linecap="round"/>"##,
                n(cx - half),
                n(cy - half),
                n(cx + half),
                n(cy + half),
                n(cx - half),
                n(cy + half),
                n(cx + half),
                n(cy - half),
                n(width)
            );
        };
        for &q in &p.dead {
            cross(s, q, r * 0.6, 2.5);
        }
        for &(q, c) in &p.captured {
            let _ = writeln!(
                s,
                r##"<circle cx="{}" cy="{}" r="{}" fill="{}" fill-opacity="0.35" stroke="#000000" stroke-opacity="0.5" stroke-dasharray="3 2"/>"##,
                n(px(q.x as usize)),
                n(py(q.y as usize)),
                n(r),
                stone_fill(c)
            );
            cross(s, q, r * 0.45, 2.0);
        }
        if let Some((q, c)) = p.illegal {
            let (cx, cy) = (px(q.x as usize), py(q.y as usize));
            let _ = writeln!(
                s,
                r##"<circle cx="{}" cy="{}" r="{}" fill="{}" fill-opacity="0.45" stroke="#000000" stroke-opacity="0.5"/>"##,
                n(cx),
                n(cy),
                n(r * 0.8),
                stone_fill(c)
            );
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{RED}" stroke-width="3"/>"##,
                n(cx - r),
                n(cy - r),
                n(2.0 * r),
                n(2.0 * r)
            );
        }
        for &(q, k) in &p.numbers {
            let (cx, cy) = (px(q.x as usize), py(q.y as usize));
            let size = if k >= 100 { 9.0 } else { 11.0 };
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{k}</text>"##,
                n(cx),
                n(cy + size * 0.36),
                n(size),
                contrast(b.get(q))
            );
        }
        if let Some(q) = p.last {
            if !p.numbers.iter().any(|&(at, _)| at == q) {
                let _ = writeln!(
                    s,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{RED}" stroke-width="2.5" class="last"/>"##,
                    n(px(q.x as usize)),
                    n(py(q.y as usize)),
                    n(r * 0.5)
                );
            }
        }
    }

    fn labels(&self, s: &mut String, bw: usize, bh: usize, ox: f64, oy: f64) {
        if self.coords == Coords::None {
            return;
        }
        let m = self.margin();
        let col = |x: usize| match self.coords {
            Coords::Sgf => (crate::sgf::letter_of(x as u8) as char).to_string(),
            _ => gtp_column(x),
        };
        let row = |y: usize| match self.coords {
            Coords::Sgf => (crate::sgf::letter_of(y as u8) as char).to_string(),
            _ => (bh - y).to_string(),
        };
        let font = 11.0;
        let (gw, gh) = ((bw - 1) as f64 * CELL, (bh - 1) as f64 * CELL);
        let t = |s: &mut String, x: f64, y: f64, label: String| {
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#333333">{label}</text>"##,
                n(x),
                n(y + font * 0.36),
                n(font)
            );
        };
        let off = m - CELL * 0.35;
        for x in 0..bw {
            let cx = ox + x as f64 * CELL;
            t(s, cx, oy - off, col(x));
            t(s, cx, oy + gh + off, col(x));
        }
        for y in 0..bh {
            let cy = oy + y as f64 * CELL;
            t(s, ox - off, cy, row(y));
            t(s, ox + gw + off, cy, row(y));
        }
    }

    /// Write the picture to `path` as SVG (this crate draws SVG only; the `tengen` CLI
    /// rasterises PNG).
    ///
    /// # Errors
    /// [`RenderError`] for an extension other than `.svg` (`.png` gives
    /// [`RenderError::NoPng`]) or a failure to write.
    pub fn write_file(&self, path: &Path) -> Result<(), RenderError> {
        let bytes = match ImageFormat::from_path(path)? {
            ImageFormat::Svg => self.to_svg().into_bytes(),
            ImageFormat::Png => return Err(RenderError::NoPng),
        };
        std::fs::write(path, bytes).map_err(|source| RenderError::Io {
            path: path.display().to_string(),
            source,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_of_common_sizes() {
        assert_eq!(star_points(19, 19).len(), 9);
        assert_eq!(star_points(13, 13).len(), 5);
        assert_eq!(star_points(9, 9).len(), 5);
        assert!(star_points(9, 9).contains(&Point::new(2, 2)));
        assert!(star_points(19, 19).contains(&Point::new(3, 9)));
        assert!(star_points(5, 5).is_empty());
        // three columns by two rows, and the centre
        assert_eq!(star_points(19, 9).len(), 7);
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(n(12.0), "12");
        assert_eq!(n(12.345), "12.35");
        assert_eq!(n(0.5), "0.5");
        assert_eq!(n(-0.001), "0");
    }

    #[test]
    fn extension_picks_the_format() {
        assert_eq!(
            ImageFormat::from_path(Path::new("a/b.PNG")).unwrap(),
            ImageFormat::Png
        );
        assert_eq!(
            ImageFormat::from_path(Path::new("b.svg")).unwrap(),
            ImageFormat::Svg
        );
        let e = ImageFormat::from_path(Path::new("b.jpg")).unwrap_err();
        assert!(e.to_string().contains("b.jpg"));
    }
}

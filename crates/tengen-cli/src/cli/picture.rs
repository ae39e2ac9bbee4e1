//! Writing a [`Picture`] to a file as SVG or PNG by its extension. The library draws SVG; the
//! PNG rasteriser (resvg, with the system's fonts for text) is the CLI's, so the library needs
//! no rendering crate.

use std::path::Path;

use tengen::render::{ImageFormat, Picture, RenderError};

/// Write `picture` to `path` as SVG or PNG, chosen by the extension.
///
/// # Errors
/// [`RenderError`] for an unknown extension or a failure to rasterise or write.
pub fn write(picture: &Picture, path: &Path) -> Result<(), RenderError> {
    let bytes = match ImageFormat::from_path(path)? {
        ImageFormat::Svg => picture.to_svg().into_bytes(),
        ImageFormat::Png => svg_to_png(&picture.to_svg())?,
    };
    // whole or not at all: a full disk or SIGINT leaves no prefix of a picture, and an older
    // picture of that name stays until the new one is complete
    super::atomic::remove_on_interrupt();
    super::atomic::write_file(path, &bytes).map_err(|source| RenderError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// Rasterise an SVG document to PNG bytes at its own size, with the system's fonts for text.
///
/// # Errors
/// [`RenderError`] when the SVG cannot be read, is too large, or encoding fails.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, RenderError> {
    use resvg::{tiny_skia, usvg};
    let mut opt = usvg::Options::default();
    opt.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or(RenderError::Size(size.width(), size.height()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Png(e.to_string()))
}

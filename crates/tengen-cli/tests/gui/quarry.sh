#!/usr/bin/env bash
# A real GUI game, by hand (not part of CI): Quarry (Debian package `quarry`) under Xvfb plays
# a 9x9 game between GNU Go (Black) and tengen's GTP engine (White) to the end, then asks the
# engines for the dead stones and shows the score. Every GTP line both ways is logged, and a
# screenshot of the final window is written.
#
#   apt-get install quarry xvfb xdotool imagemagick gnugo
#   tests/gui/quarry.sh [TENGEN_BINARY] [OUT_DIR]     # defaults: target/release/tengen, /tmp/tengen-quarry
#
# Quarry is driven through its New Game dialog with xdotool clicks at the positions of its
# buttons on a 1280x1024 screen (Quarry 0.2.0, Debian bookworm). Its configuration lives in a
# temporary HOME, so the user's own ~/.quarry is never touched.
set -euo pipefail
export PATH="$PATH:/usr/games"
here="$(cd "$(dirname "$0")/../.." && pwd)"
tengen="$(realpath "${1:-$here/target/release/tengen}")"
out="${2:-/tmp/tengen-quarry}"
mkdir -p "$out"
rm -f "$out"/gtp-*.log
home="$(mktemp -d)"
display=":$((90 + RANDOM % 9))"

cat > "$out/tengen-gtp.sh" <<WRAP
#!/usr/bin/env bash
tee -a "$out/gtp-in.log" | "$tengen" gtp 2>>"$out/gtp-err.log" | tee -a "$out/gtp-out.log"
WRAP
chmod +x "$out/tengen-gtp.sh"

cat > "$home/.quarry" <<CONF
[GTP Engine "tengen "]
Screen name format	= "%n %v"
Name			= "tengen"
Command line		= "$out/tengen-gtp.sh"
Supported games		= "Go"

[GTP Engine "GNU Go "]
Screen name format	= "%n %v"
Name			= "GNU Go"
Command line		= "$(command -v gnugo || echo /usr/games/gnugo) --mode gtp"
Supported games		= "Go"

[New Game Parameters]
Game			= "Go"
White player name	= "tengen"
White is computer	= true
Engine playing white	= "tengen "
Black player name	= "GNU Go"
Black is computer	= true
Engine playing black	= "GNU Go "

[New Go Game Parameters]
Board size		= 9
Handicap is fixed	= true
Fixed handicap		= 0
Free handicap		= 0
Komi			= 6.5
Time control type	= 0
CONF

Xvfb "$display" -screen 0 1280x1024x24 >/dev/null 2>&1 &
xvfb=$!
quarry=""
trap 'kill $quarry $xvfb 2>/dev/null; rm -rf "$home"' EXIT
sleep 2
export DISPLAY="$display"
HOME="$home" quarry >"$out/quarry.log" 2>&1 &
quarry=$!
sleep 3
xdotool mousemove 100 25 click 1   # New Game
sleep 2
xdotool mousemove 437 422 click 1  # Forward (players: GNU Go vs tengen)
sleep 2
xdotool mousemove 440 422 click 1  # Play (9x9, komi 6.5)
# the game is over when tengen resigns, or when Quarry has asked for the dead stones after
# two passes and tengen answered
for _ in $(seq 1 600); do
  if grep -q '^= resign$' "$out/gtp-out.log" 2>/dev/null; then
    break
  fi
  kill -0 "$quarry" 2>/dev/null || { echo "quarry.sh: Quarry exited, see $out/quarry.log" >&2; exit 1; }
  if grep -q "final_status_list" "$out/gtp-in.log" 2>/dev/null && [ "$(tail -c 2 "$out/gtp-out.log" | od -An -c | tr -d ' ')" = '\n\n' ]; then
    break
  fi
  sleep 1
done
sleep 3
import -window root "$out/final.png"
moves=$(grep -c '^\(play\|genmove\)' "$out/gtp-in.log" || true)
errors=$(grep -c '^?' "$out/gtp-out.log" || true)
echo "quarry.sh: $moves moves and passes through tengen's GTP, $errors error responses; screenshot $out/final.png"
echo "quarry.sh: the last commands and answers:"
tail -2 "$out/gtp-in.log"
tail -4 "$out/gtp-out.log"

// Drive `tengen gtp` with @sabaki/gtp, the GTP library of the Sabaki GUI: the same Controller
// and ControllerStateTracker that Sabaki uses to keep an engine in sync with its board.
// Usage: node client.mjs PATH_TO_TENGEN. Exits non-zero on the first failed check.
import assert from 'node:assert/strict'
import gtp from '@sabaki/gtp'

const {Controller, ControllerStateTracker} = gtp
const bin = process.argv[2]
assert.ok(bin, 'usage: node client.mjs PATH_TO_TENGEN')

const controller = new Controller(bin, ['gtp', '--playouts', '200', '--seed', '7'])
const tracker = new ControllerStateTracker(controller)
let checks = 0
const send = async (name, ...args) => {
  const res = await controller.sendCommand({name, args})
  checks++
  return res
}

controller.start()

let r = await send('protocol_version')
assert.equal(r.error, false)
assert.equal(r.content, '2')
r = await send('name')
assert.equal(r.content, 'tengen')
r = await send('list_commands')
const commands = r.content.split('\n')
for (const c of ['play', 'genmove', 'undo', 'final_score', 'loadsgf', 'kgs-genmove_cleanup']) {
  assert.ok(commands.includes(c), `list_commands lacks ${c}`)
}
assert.equal(await tracker.knowsCommand('undo'), true)

// Sabaki's way of setting up a game: sync a state (komi, size, history)
await tracker.sync({
  komi: 6.5,
  boardsize: [9, 9],
  history: [
    {name: 'play', args: ['B', 'E5']},
    {name: 'play', args: ['W', 'C3']},
    {name: 'play', args: ['B', 'G3']}
  ]
})
r = await send('get_komi')
assert.equal(r.content, '6.5')
r = await send('list_stones', 'black')
assert.equal(r.content, 'E5 G3')

// change the history: the tracker undoes to the shared prefix and replays the rest
await tracker.sync({
  komi: 6.5,
  boardsize: [9, 9],
  history: [
    {name: 'play', args: ['B', 'E5']},
    {name: 'play', args: ['W', 'D4']}
  ]
})
r = await send('list_stones', 'white')
assert.equal(r.content, 'D4')
r = await send('list_stones', 'black')
assert.equal(r.content, 'E5')

// errors come back as errors, and the stream stays in step
r = await send('play', 'B', 'E5')
assert.equal(r.error, true)
assert.equal(r.content, 'illegal move')
r = await send('boardsize', '99')
assert.equal(r.error, true)
assert.equal(r.content, 'unacceptable size')
r = await send('frobnicate')
assert.equal(r.error, true)

// genmove gives a vertex that the engine then holds as a stone
r = await send('genmove', 'B')
assert.equal(r.error, false)
assert.match(r.content, /^([A-HJ]\d|pass|resign)$/i)
if (/^[A-HJ]\d$/i.test(r.content)) {
  const color = await send('color', r.content)
  assert.equal(color.content, 'black')
}

// multi-line responses arrive whole
r = await send('showboard')
assert.equal(r.error, false)
assert.ok(r.content.split('\n').length >= 11, r.content)

// a rectangular board through the tracker
await tracker.sync({komi: 0.5, boardsize: [7, 5], history: []})
r = await send('query_boardsize')
assert.equal(r.content, '7 5')

// a short game to two passes, then the count
await tracker.sync({komi: 0.5, boardsize: [5, 5], history: []})
for (const [c, v] of [['B', 'C1'], ['W', 'D1'], ['B', 'C2'], ['W', 'D2'], ['B', 'C3'],
                      ['W', 'D3'], ['B', 'C4'], ['W', 'D4'], ['B', 'C5'], ['W', 'D5'],
                      ['B', 'pass'], ['W', 'pass']]) {
  r = await send('play', c, v)
  assert.equal(r.error, false, `play ${c} ${v}: ${r.content}`)
}
r = await send('final_score')
assert.equal(r.content, 'B+4.5')

await controller.stop()
console.log(`sabaki client: ${checks} commands answered as expected`)

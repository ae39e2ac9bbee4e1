// Drive `tengen gtp` with @sabaki/gtp, the GTP library of the Sabaki GUI: the same Controller
// and ControllerStateTracker that Sabaki uses to keep an engine in sync with its board, and
// its streamed analysis (kata-analyze / lz-analyze lines handed to a command's subscriber).
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

// Live analysis as Sabaki runs it: kata-analyze streams lines to the command's subscriber
// until the next command is sent; the blank line then ends the response.
// Sabaki's reading of a line: split at `info`, key-value pairs, the trailing vertices are
// the pv, and a winrate with a dot is a fraction (else hundredths of a percent).
const parseAnalysis = line => {
  const [moves, own] = line.split(/\s+ownership\s+/)
  const variations = moves
    .split(/\s*info\s+/)
    .slice(1)
    .map(block => {
      const m = block.trim().match(/^(.*?)\s*pv\s+((?:pass|[A-HJ-Z]\d+)(?:\s+(?:pass|[A-HJ-Z]\d+))*)$/)
      assert.ok(m, `unreadable info block: ${block}`)
      const tokens = m[1].split(/\s+/)
      assert.equal(tokens.length % 2, 0, block)
      const fields = {}
      for (let i = 0; i < tokens.length; i += 2) fields[tokens[i]] = tokens[i + 1]
      return {
        move: fields.move,
        visits: +fields.visits,
        winrate: fields.winrate.includes('.') ? +fields.winrate * 100 : +fields.winrate / 100,
        scoreLead: fields.scoreLead != null ? +fields.scoreLead : null,
        order: +fields.order,
        pv: m[2].split(/\s+/)
      }
    })
  return {variations, ownership: own == null ? null : own.trim().split(/\s+/).map(Number)}
}

const analyse = async (command, args, wanted) => {
  const lines = []
  let enough
  const gotEnough = new Promise(resolve => { enough = resolve })
  const response = controller.sendCommand({name: command, args}, ({line}) => {
    if (line.startsWith('info ')) {
      lines.push(line)
      if (lines.length >= wanted) enough()
    }
  })
  await gotEnough
  // Sabaki stops the analysis by sending the next command
  const next = controller.sendCommand({name: 'name'})
  const done = await response
  checks++
  assert.equal(done.error, false, done.content)
  assert.equal((await next).content, 'tengen')
  checks++
  return lines
}

await tracker.sync({komi: 7.5, boardsize: [9, 9], history: [{name: 'play', args: ['B', 'E5']}]})
assert.equal(await tracker.knowsCommand('kata-analyze'), true)
assert.equal(await tracker.knowsCommand('lz-analyze'), true)
let lastVisits = 0
for (const line of await analyse('kata-analyze', ['W', '5', 'ownership', 'true'], 3)) {
  const {variations, ownership} = parseAnalysis(line)
  assert.ok(variations.length > 0, line)
  const visits = variations.reduce((a, v) => a + v.visits, 0)
  assert.ok(visits >= lastVisits, 'visits grow')
  lastVisits = visits
  variations.forEach((v, i) => {
    assert.equal(v.order, i)
    assert.match(v.move, /^([A-HJ]\d|pass)$/)
    assert.equal(v.pv[0], v.move)
    assert.ok(v.visits >= 1)
    assert.ok(v.winrate >= 0 && v.winrate <= 100, line)
    assert.ok(Number.isFinite(v.scoreLead), line)
  })
  assert.equal(ownership.length, 81)
  assert.ok(ownership.every(x => x >= -1 && x <= 1))
}
for (const line of await analyse('lz-analyze', ['B', '5'], 2)) {
  const {variations, ownership} = parseAnalysis(line)
  assert.equal(ownership, null)
  assert.ok(variations.every(v => v.winrate >= 0 && v.winrate <= 100 && v.scoreLead === null))
}
// the stream did not change the game
r = await send('move_history')
assert.equal(r.content, 'black E5')
r = await send('kata-analyze', 'frobnicate')
assert.equal(r.error, true)

await controller.stop()
console.log(`sabaki client: ${checks} commands answered as expected`)

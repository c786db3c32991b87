// One import for apps: the reactive core, the widgets, the terminal layer and the
// controlling terminal's backend.
@_exported import TetherCurses
@_exported import TetherReactive
@_exported import TetherTerminal
@_exported import TetherUI

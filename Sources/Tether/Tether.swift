// One import for apps: the reactive core, the widgets and the ncurses backend.
@_exported import TetherCurses
@_exported import TetherReactive
@_exported import TetherUI

// A test imports TetherTesting alone: the widgets, the reactive core and the test scheduler
// come with it (`import Testing; import TetherTesting` is a whole test file's imports).
@_exported import TetherReactive
@_exported import TetherUI

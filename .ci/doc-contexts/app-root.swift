import TetherUI

@MainActor let root: Widget = Form()

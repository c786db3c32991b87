import TetherUI

@MainActor let root: Widget = Form()
@MainActor let form = Form()

import TetherUI

@MainActor let button = Button("Menu")
@MainActor let menu = Label("Open · Save · Quit")

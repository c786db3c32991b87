@MainActor let model = LoginViewModel(accounts: AccountStore())

@MainActor let model = ObservableLoginViewModel(accounts: AccountStore())

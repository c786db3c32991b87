@MainActor let model = CombineLoginViewModel(accounts: AccountStore())

import PaywallSimCLI

PaywallSimCommand.main()

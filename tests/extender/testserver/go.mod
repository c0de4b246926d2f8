module berth.test/extender

go 1.21

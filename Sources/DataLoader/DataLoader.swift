// The DataLoader module.

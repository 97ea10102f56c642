"""The review workbench (人工复核台): plans fill queues, reviewers claim and answer, appeals."""

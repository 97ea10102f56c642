"""The review workbench (人工复核台), pure parts: sampling plans, selection, rubrics, figures."""

"""Tax helpers for the sample cart."""

RATE = 0.2


def with_tax(amount):
    return amount * (1 + RATE)


class Receipt:
    def __init__(self, lines):
        self.lines = lines

    def render(self):
        return "\n".join(self.lines)

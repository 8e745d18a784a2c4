"""A logistic regression for the fitted chances the `hard` player judges positions by (tools/fit_*_chance.py).

    weights, loss = fit(rows)            # rows: [(features, outcome in [0, 1])]; weights rounded to 3 places

Newton's method with a small ridge. The held-out log loss is that of a fit on three quarters of the rows (a fixed
shuffle), judged on the other quarter; the weights returned are fitted on every row. `columns` keeps only those
features (the others get weight 0), to see what a group of features is worth.
"""

from __future__ import annotations


def fit(rows, columns: list[int] | None = None, ridge: float = 1e-3) -> tuple[list[float], float]:
    import numpy as np

    width = len(rows[0][0])
    keep = list(range(width)) if columns is None else columns
    x = np.array([[values[i] for i in keep] for values, _ in rows], float)
    y = np.array([won for _, won in rows], float)
    order = np.random.RandomState(0).permutation(len(y))
    held = order[: len(y) // 4]
    train = order[len(y) // 4:]

    def newton(xs, ys):
        w = np.zeros(xs.shape[1])
        for _ in range(50):
            p = 1.0 / (1.0 + np.exp(-xs @ w))
            gradient = xs.T @ (p - ys) + ridge * w
            hessian = (xs * (p * (1 - p))[:, None]).T @ xs + ridge * np.eye(len(w))
            w -= np.linalg.solve(hessian, gradient)
        return w

    w = newton(x[train], y[train])
    p = np.clip(1.0 / (1.0 + np.exp(-x[held] @ w)), 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y[held] * np.log(p) + (1 - y[held]) * np.log(1 - p)))
    weights = [0.0] * width
    for i, v in zip(keep, newton(x, y)):
        weights[i] = round(float(v), 3)
    return weights, loss

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/threadaffinity.h"

#include <QAbstractTableModel>

#include <algorithm>
#include <concepts>
#include <map>
#include <utility>
#include <vector>

namespace vigil {

// A keyed refresh of a model's rows under one parent: `rows` becomes `fresh`. Rows whose key is
// gone are removed in contiguous blocks from the bottom up, those still there take their new
// values in place, and new ones are appended in the order given, so that a view keeps its
// selection, current row and what it expanded (views sort through a proxy). `steps` is told each
// change as Qt's models must be: removing(first, last) and removed() around an erase,
// changed(first, last) after the update in place, over the rows whose values changed (rows that
// can be compared; every kept row otherwise), inserting(first, last) and inserted() around the
// append. Returns false, changing nothing, when `fresh` names a key twice.
//
// Telling only what changed matters at scale: a sorting proxy re-sorts every row it is told of,
// asking each for its value again, and a ledger of thousands of past actions never changes.
template<class Row, class KeyOf, class Steps>
bool replaceKeyedRows(std::vector<Row> &rows, std::vector<Row> &fresh, KeyOf keyOf, Steps &&steps)
{
    using Key = decltype(keyOf(std::declval<const Row &>()));
    std::map<Key, size_t> freshAt;
    for (size_t i = 0; i < fresh.size(); ++i)
        if (!freshAt.emplace(keyOf(fresh[i]), i).second)
            return false;
    for (int r = int(rows.size()) - 1; r >= 0;) {
        if (freshAt.count(keyOf(rows[size_t(r)]))) {
            --r;
            continue;
        }
        int first = r;
        while (first > 0 && !freshAt.count(keyOf(rows[size_t(first - 1)])))
            --first;
        steps.removing(first, r);
        rows.erase(rows.begin() + first, rows.begin() + r + 1);
        steps.removed();
        r = first - 1;
    }
    std::vector<bool> kept(fresh.size(), false);
    int firstChanged = -1, lastChanged = -1;
    for (size_t r = 0; r < rows.size(); ++r) {
        const size_t at = freshAt.at(keyOf(rows[r]));
        kept[at] = true;
        if constexpr (std::equality_comparable<Row>) {
            if (rows[r] == fresh[at])
                continue;
        }
        rows[r] = std::move(fresh[at]);
        firstChanged = firstChanged < 0 ? int(r) : firstChanged;
        lastChanged = int(r);
    }
    if (firstChanged >= 0)
        steps.changed(firstChanged, lastChanged);
    const auto added = int(std::count(kept.begin(), kept.end(), false));
    if (added == 0)
        return true;
    const int start = int(rows.size());
    steps.inserting(start, start + added - 1);
    for (size_t i = 0; i < fresh.size(); ++i)
        if (!kept[i])
            rows.push_back(std::move(fresh[i]));
    steps.inserted();
    return true;
}

// A table refreshed every second without losing the view's selection or current row
// (replaceKeyedRows). A reset happens only when the fresh rows name a key twice.
class KeyedTableModel : public QAbstractTableModel
{
public:
    using QAbstractTableModel::QAbstractTableModel;

protected:
    template<class Row, class KeyOf> void replaceRows(std::vector<Row> &rows, std::vector<Row> fresh, KeyOf keyOf)
    {
        checkThreadOf(this, Q_FUNC_INFO);
        struct Steps
        {
            KeyedTableModel *model;
            void removing(int first, int last) { model->beginRemoveRows({}, first, last); }
            void removed() { model->endRemoveRows(); }
            void changed(int first, int last)
            {
                Q_EMIT model->dataChanged(model->index(first, 0), model->index(last, model->columnCount() - 1));
            }
            void inserting(int first, int last) { model->beginInsertRows({}, first, last); }
            void inserted() { model->endInsertRows(); }
        };
        if (!replaceKeyedRows(rows, fresh, keyOf, Steps { this })) {
            beginResetModel();
            rows = std::move(fresh);
            endResetModel();
        }
    }
};

} // namespace vigil

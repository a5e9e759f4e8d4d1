// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/threadaffinity.h"

#include <QAbstractTableModel>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace vigil {

// A table refreshed every second without losing the view's selection or
// current row: replaceRows() removes the rows whose key is gone, updates those
// still there in place (one dataChanged over them) and appends the new ones. Row
// order is the model's own; views sort through a proxy. A reset happens only
// when the fresh rows name a key twice.
class KeyedTableModel : public QAbstractTableModel
{
public:
    using QAbstractTableModel::QAbstractTableModel;

protected:
    template<class Row, class KeyOf> void replaceRows(std::vector<Row> &rows, std::vector<Row> fresh, KeyOf keyOf)
    {
        checkThreadOf(this, Q_FUNC_INFO);
        using Key = decltype(keyOf(std::declval<const Row &>()));
        std::map<Key, size_t> freshAt;
        for (size_t i = 0; i < fresh.size(); ++i)
            if (!freshAt.emplace(keyOf(fresh[i]), i).second) {
                beginResetModel();
                rows = std::move(fresh);
                endResetModel();
                return;
            }
        // Gone: removed in contiguous blocks, from the bottom up.
        for (int r = int(rows.size()) - 1; r >= 0;) {
            if (freshAt.count(keyOf(rows[size_t(r)]))) {
                --r;
                continue;
            }
            int first = r;
            while (first > 0 && !freshAt.count(keyOf(rows[size_t(first - 1)])))
                --first;
            beginRemoveRows({}, first, r);
            rows.erase(rows.begin() + first, rows.begin() + r + 1);
            endRemoveRows();
            r = first - 1;
        }
        // Still there: new values in place.
        std::vector<bool> kept(fresh.size(), false);
        for (Row &row : rows) {
            const size_t at = freshAt.at(keyOf(row));
            kept[at] = true;
            row = std::move(fresh[at]);
        }
        if (!rows.empty())
            Q_EMIT dataChanged(index(0, 0), index(int(rows.size()) - 1, columnCount() - 1));
        // New: appended in the order given.
        const auto added = int(std::count(kept.begin(), kept.end(), false));
        if (added == 0)
            return;
        const int start = int(rows.size());
        beginInsertRows({}, start, start + added - 1);
        for (size_t i = 0; i < fresh.size(); ++i)
            if (!kept[i])
                rows.push_back(std::move(fresh[i]));
        endInsertRows();
    }
};

} // namespace vigil

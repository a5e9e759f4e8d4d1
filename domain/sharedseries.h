// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

namespace vigil {

// A sequence kept in order (mostly appended, now and then inserted), whose copies share its
// storage. The analysis worker publishes a copy of its whole state a few times a minute for the
// window to read; at 100k GPUs its warnings alone were 100k events, and every copy held them
// again (the live demo grew by hundreds of megabytes). Here a copy shares every chunk; the one
// who writes next copies the chunk it writes into, if it is shared, and only that chunk.
//
// Chunks hold up to ChunkSize elements; an insertion into a full chunk splits it. Iterators are
// random access (std::lower_bound, reverse iterators) and cache the chunk they are in, so that
// walking the sequence costs what walking a vector does, nearly.
//
// Thread safety: a copy may be read on one thread while the original is written on another.
// The writer copies any chunk whose use count is above one; a count of one means no copy can
// see that chunk, and only the writer can make a new copy.
template<typename T> class SharedSeries
{
    using Chunk = std::vector<T>;

public:
    static constexpr size_t ChunkSize = 1024;
    // Room a chunk inside the series keeps for late arrivals: only the last one is filled up.
    static constexpr size_t Slack = 16;

    class const_iterator
    {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T *;
        using reference = const T &;

        const_iterator() = default;
        const_iterator(const SharedSeries *series, size_t index)
            : m_series(series)
            , m_index(index)
        { }
        reference operator*() const { return locate(); }
        pointer operator->() const { return &locate(); }
        reference operator[](difference_type n) const { return *(*this + n); }
        const_iterator &operator++()
        {
            ++m_index;
            return *this;
        }
        const_iterator operator++(int)
        {
            const_iterator was = *this;
            ++m_index;
            return was;
        }
        const_iterator &operator--()
        {
            --m_index;
            return *this;
        }
        const_iterator operator--(int)
        {
            const_iterator was = *this;
            --m_index;
            return was;
        }
        const_iterator &operator+=(difference_type n)
        {
            m_index = size_t(difference_type(m_index) + n);
            return *this;
        }
        const_iterator &operator-=(difference_type n) { return *this += -n; }
        friend const_iterator operator+(const_iterator it, difference_type n) { return it += n; }
        friend const_iterator operator+(difference_type n, const_iterator it) { return it += n; }
        friend const_iterator operator-(const_iterator it, difference_type n) { return it -= n; }
        friend difference_type operator-(const const_iterator &a, const const_iterator &b)
        {
            return difference_type(a.m_index) - difference_type(b.m_index);
        }
        friend bool operator==(const const_iterator &a, const const_iterator &b) { return a.m_index == b.m_index; }
        friend auto operator<=>(const const_iterator &a, const const_iterator &b) { return a.m_index <=> b.m_index; }
        size_t index() const { return m_index; }

    private:
        // The chunk the index is in, found again only when the index has left the one cached.
        const T &locate() const
        {
            if (m_index < m_chunkFrom || m_index >= m_chunkTo) {
                const size_t chunk = m_series->chunkOf(m_index);
                m_chunkFrom = m_series->m_starts[chunk];
                m_chunkTo = m_chunkFrom + m_series->m_chunks[chunk]->size();
                m_data = m_series->m_chunks[chunk]->data();
            }
            return m_data[m_index - m_chunkFrom];
        }

        const SharedSeries *m_series = nullptr;
        size_t m_index = 0;
        mutable size_t m_chunkFrom = 0, m_chunkTo = 0;
        mutable const T *m_data = nullptr;
    };
    using iterator = const_iterator; // the elements are changed only through the series
    using const_reverse_iterator = std::reverse_iterator<const_iterator>;
    using value_type = T;
    using size_type = size_t;

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const_iterator begin() const { return { this, 0 }; }
    const_iterator end() const { return { this, m_size }; }
    const_reverse_iterator rbegin() const { return const_reverse_iterator(end()); }
    const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }
    const T &operator[](size_t i) const
    {
        const size_t chunk = chunkOf(i);
        return (*m_chunks[chunk])[i - m_starts[chunk]];
    }
    const T &front() const { return m_chunks.front()->front(); }
    const T &back() const { return m_chunks.back()->back(); }

    void clear()
    {
        m_chunks.clear();
        m_starts.clear();
        m_size = 0;
    }
    void push_back(const T &value) { insert(end(), value); }
    // Puts `value` before `at`; returns where it went.
    const_iterator insert(const_iterator at, const T &value)
    {
        size_t index = at.index();
        if (m_chunks.empty()) {
            m_chunks.push_back(std::make_shared<Chunk>());
            m_chunks.back()->reserve(ChunkSize);
            m_starts.push_back(0);
        }
        // At a chunk's end goes into that chunk (the last one, for an append), not the next one's start.
        size_t chunk = index == m_size ? m_chunks.size() - 1 : chunkOf(index);
        if (index == m_starts[chunk] && chunk > 0 && m_chunks[chunk - 1]->size() < ChunkSize)
            --chunk; // fill the chunk before rather than grow this one
        if (m_chunks[chunk]->size() >= ChunkSize) {
            if (chunk == m_chunks.size() - 1 && index == m_size) { // appending: a new chunk
                m_chunks.push_back(std::make_shared<Chunk>());
                m_chunks.back()->reserve(ChunkSize);
                m_starts.push_back(m_size);
                ++chunk;
            } else {
                split(chunk);
                if (index >= m_starts[chunk + 1])
                    ++chunk;
            }
        }
        Chunk &writable = ownChunk(chunk);
        writable.insert(writable.begin() + std::ptrdiff_t(index - m_starts[chunk]), value);
        for (size_t c = chunk + 1; c < m_starts.size(); ++c)
            ++m_starts[c];
        ++m_size;
        return { this, index };
    }
    // Drops the first `count` elements.
    void dropFront(size_t count)
    {
        count = std::min(count, m_size);
        size_t whole = 0;
        while (whole < m_chunks.size() && m_starts[whole] + m_chunks[whole]->size() <= count)
            ++whole;
        const size_t dropped = whole < m_chunks.size() ? m_starts[whole] : m_size;
        m_chunks.erase(m_chunks.begin(), m_chunks.begin() + std::ptrdiff_t(whole));
        m_starts.erase(m_starts.begin(), m_starts.begin() + std::ptrdiff_t(whole));
        for (size_t &start : m_starts)
            start -= dropped;
        m_size -= dropped;
        if (const size_t rest = count - dropped; rest > 0) {
            Chunk &first = ownChunk(0);
            first.erase(first.begin(), first.begin() + std::ptrdiff_t(rest));
            for (size_t c = 1; c < m_starts.size(); ++c)
                m_starts[c] -= rest;
            m_size -= rest;
        }
    }

    // How many chunks this copy shares with another (tests).
    size_t chunksSharedWith(const SharedSeries &other) const
    {
        size_t shared = 0;
        for (const auto &mine : m_chunks)
            for (const auto &theirs : other.m_chunks)
                shared += mine == theirs;
        return shared;
    }

private:
    size_t chunkOf(size_t index) const
    {
        return size_t(std::upper_bound(m_starts.begin(), m_starts.end(), index) - m_starts.begin()) - 1;
    }
    Chunk &ownChunk(size_t chunk)
    {
        if (m_chunks[chunk].use_count() == 1) {
            // The last other holder let go on its own thread: what it read happened before.
            std::atomic_thread_fence(std::memory_order_acquire);
        } else {
            // The last chunk is appended to; one inside takes a late arrival now and then.
            auto copy = std::make_shared<Chunk>();
            copy->reserve(chunk + 1 == m_chunks.size() ? ChunkSize : m_chunks[chunk]->size() + Slack);
            copy->assign(m_chunks[chunk]->begin(), m_chunks[chunk]->end());
            m_chunks[chunk] = std::move(copy);
        }
        return *m_chunks[chunk];
    }
    void split(size_t chunk)
    {
        const Chunk &whole = *m_chunks[chunk];
        const size_t half = whole.size() / 2;
        auto first = std::make_shared<Chunk>(), second = std::make_shared<Chunk>();
        first->reserve(half + Slack);
        second->reserve(chunk + 1 == m_chunks.size() ? ChunkSize : whole.size() - half + Slack);
        first->assign(whole.begin(), whole.begin() + std::ptrdiff_t(half));
        second->assign(whole.begin() + std::ptrdiff_t(half), whole.end());
        m_chunks[chunk] = std::move(first);
        m_chunks.insert(m_chunks.begin() + std::ptrdiff_t(chunk) + 1, std::move(second));
        m_starts.insert(m_starts.begin() + std::ptrdiff_t(chunk) + 1, m_starts[chunk] + half);
    }

    std::vector<std::shared_ptr<Chunk>> m_chunks;
    std::vector<size_t> m_starts; // each chunk's first index
    size_t m_size = 0;
};

} // namespace vigil

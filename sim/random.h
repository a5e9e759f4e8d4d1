// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace vigil {

// xoshiro256** seeded through splitmix64. Hand-written rather than <random>
// because the standard distributions are not specified bit-for-bit, and the
// simulator promises the same byte stream for the same seed everywhere.
class Random
{
public:
    explicit Random(uint64_t seed)
    {
        for (uint64_t &word : m_state)
            word = splitMix(seed);
    }

    uint64_t next()
    {
        const uint64_t result = rotl(m_state[1] * 5, 7) * 9;
        const uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }

    // Uniform in [0, 1).
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

    // Standard normal, Box–Muller (one value per call, the twin is discarded for simplicity).
    double gaussian()
    {
        double u1 = uniform();
        while (u1 <= 0.0)
            u1 = uniform();
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }
    double gaussian(double mean, double sigma) { return mean + sigma * gaussian(); }

    // Standard normal from a 4096-entry quantile table: an order of magnitude
    // cheaper than gaussian(), good enough for sensor noise.
    double noise() { return normalQuantiles()[size_t(next() >> 52)]; }
    double noise(double mean, double sigma) { return mean + sigma * noise(); }

    // Exponentially distributed with the given mean.
    double exponential(double mean)
    {
        double u = uniform();
        while (u <= 0.0)
            u = uniform();
        return -mean * std::log(u);
    }

    // True with probability p.
    bool chance(double p) { return uniform() < p; }

private:
    static const std::array<double, 4096> &normalQuantiles()
    {
        static const std::array<double, 4096> table = [] {
            std::array<double, 4096> q {};
            for (size_t i = 0; i < q.size(); ++i) {
                const double p = (double(i) + 0.5) / double(q.size());
                double x = 0.0; // Newton on the normal CDF, from the median
                for (int k = 0; k < 60; ++k) {
                    const double cdf = 0.5 * std::erfc(-x / 1.4142135623730951);
                    const double pdf = std::exp(-0.5 * x * x) / 2.5066282746310002;
                    const double stepSize = std::clamp((cdf - p) / pdf, -1.0, 1.0);
                    x -= stepSize;
                    if (std::abs(stepSize) < 1e-13)
                        break;
                }
                q[i] = x;
            }
            return q;
        }();
        return table;
    }
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static uint64_t splitMix(uint64_t &x)
    {
        uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    uint64_t m_state[4] {};
};

} // namespace vigil

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/traininglog.h"

#include <QByteArrayView>
#include <QStringList>

namespace vigil {

// The console logs that training frameworks write, one metrics line per logged
// step (docs/sources.md#training-log):
//   Megatron-LM  " [2025-04-13 23:41:12] iteration  200/ 1000 | consumed samples: 800 |
//                 elapsed time per iteration (ms): 430.0 | ... | lm loss: 7.399415E+00 | ..."
//                (Megatron-DeepSpeed as BLOOM ran it: "elapsed time per iteration (s): 105.22";
//                 a bare "elapsed time per iteration" is in Megatron's unit, ms), and on resuming
//                "  successfully loaded checkpoint from /ckpt [ t 1/8, p 1/12 ] at iteration 1000"
//   NeMo 2       "Training epoch 0, iteration 97/99 | lr: 1.5e-05 | global_step: 97 |
//                 reduced_train_loss: 6.265 | train_step_timing in s: 12.22 | tokens_per_sec_per_gpu: 1.07e+04"
//   NeMo 1       "Epoch 0: : 47%|####| 7/15 [06:19<07:13, reduced_train_loss=11.50, global_step=5.000,
//                 consumed_samples=12288.0, train_step_timing in s=49.50]" (a progress bar)
//   torchtitan   "[titan] 2025-01-01 12:00:00,123 - root - INFO - step: 10  loss:  9.5020
//                 memory: 25.13GiB(31.76%)  tps: 6,281  tflops: 98.10  mfu: 31.42%"
// Colour escapes are ignored. A date and time at the start of the line is the
// record's time (UTC unless the line gives an offset); otherwise it has none.
enum class TrainingLineFormat
{
    None, // not a metrics line of a framework Vigil knows: the rest of a training's output
    MegatronLm,
    MegatronCheckpointLoaded, // the checkpoint a run resumed from (TrainingRecord::restoredStep)
    NeMo,
    NeMoProgressBar,
    TorchTitan,
};

// Reads one line (or one carriage-return-separated update of a progress bar).
// Values that are present but unusable are named in `problems` and dropped.
TrainingLineFormat parseFrameworkLine(QByteArrayView line, TrainingRecord &out, QStringList &problems);

} // namespace vigil

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace vigil {

// NVIDIA's Xid catalogue (the subset in ../shared/reference), shared by the
// bridges that read Xids, the simulator that raises them and the alarms.

// NVIDIA's description of an Xid code, or "Xid N".
QString xidDescription(int code);
// Whether NVIDIA's catalogue treats the Xid as fatal to the job running on the GPU.
bool xidIsJobFatal(int code);
// Whether the Xid is usually the application's own fault (13, 31, 43, 45: an illegal
// instruction, a bad address, a kernel stopped, the driver cleaning up after the program
// ended), not the hardware's: NVIDIA's catalogue tells to restart the application.
bool xidIsApplicationError(int code);

} // namespace vigil

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <grpcpp/support/status.h>

namespace vigil {

// A gRPC status with a message in the user's words (UTF-8 on the wire).
inline grpc::Status grpcStatus(grpc::StatusCode code, const QString &message)
{
    return grpc::Status(code, message.toStdString());
}

} // namespace vigil

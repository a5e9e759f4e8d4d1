#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The dashboard ($1) carries no gRPC server: no code of a server (the builder, the server,
# the generated Service, its handlers, reflection, Vigil's gateway) is defined in it, and it
# calls none in the gRPC library. The gateway ($2) is the control: the same look finds its.
dashboard=$1
gateway=$2
server_code='grpc::ServerBuilder|grpc::Server::|Gateway::Service::|RpcMethodHandler|grpc::reflection|vigil::GatewayServer|vigil::GatewayService|vigil::TelemetryJournal|vigil::SubscriptionHub'
defined_code() { nm -C --defined-only "$1" | awk '$2 ~ /^[TtWw]$/'; }
called() { nm -C --undefined-only "$1"; }

if ! defined_code "$gateway" | grep -Eq 'vigil::GatewayServer::start' || ! called "$gateway" | grep -q 'grpc::ServerBuilder'; then
    echo "the control failed: nm finds no server in $gateway" >&2
    exit 1
fi
found=$( (defined_code "$dashboard"; called "$dashboard") | grep -E "$server_code")
if [ -n "$found" ]; then
    echo "$dashboard carries a gRPC server:" >&2
    echo "$found" | head -20 >&2
    exit 1
fi
echo "no gRPC server in $dashboard"

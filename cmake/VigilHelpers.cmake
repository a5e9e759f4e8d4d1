# SPDX-License-Identifier: GPL-3.0-or-later
# Shared build settings for Vigil's own targets (never for generated protobuf code).

option(VIGIL_WERROR "Treat warnings as errors (CI)" OFF)

function(vigil_set_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
    if(VIGIL_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
    # Qt's signals/slots macros collide with protobuf and abseil headers.
    target_compile_definitions(${target} PRIVATE
        QT_NO_KEYWORDS QT_NO_FOREACH QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII
        QT_NO_NARROWING_CONVERSIONS_IN_CONNECT)
endfunction()

# A library of many files is compiled eight files to a unit: each unit loads the precompiled
# header (over 100 MB) once and instantiates the templates they share once. The libraries
# compile in about 60% of the CPU time. A file's own helpers must then have names of their
# own, even in an anonymous namespace. The dev preset turns it off, so that a change
# recompiles one file and a missing include is not hidden by a neighbour's.
option(VIGIL_UNITY_BUILD "Compile the many-file libraries eight files to a unit" ON)

# vigil_precompile(target [WIRE]): a library of many files parses the headers all of them
# include once, in a precompiled header of its own (built with the library's own flags):
# Qt's containers and the telemetry wire types take about 2 s of each file's compile, gRPC
# and the gateway's wire types (WIRE) another 2.5 s.
function(vigil_precompile target)
    cmake_parse_arguments(P "WIRE" "" "" ${ARGN})
    set(headers <QtCore/qobject.h> <QtCore/qstring.h> <QtCore/qlist.h> <QtCore/qhash.h> <QtCore/qvariant.h>
        <QtCore/qdatetime.h> <memory> <vector> <optional> <functional> <algorithm> [["vigil/v1/telemetry.pb.h"]])
    if(P_WIRE)
        list(APPEND headers <grpcpp/grpcpp.h> [["vigil/v1/gateway.pb.h"]])
    endif()
    target_precompile_headers(${target} PRIVATE ${headers})
    if(VIGIL_UNITY_BUILD)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
        # A unit includes its files, so GCC takes their anonymous namespaces for a header's.
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
        endif()
    endif()
endfunction()

# The headers nearly every test parses (Qt's containers, gRPC, the generated wire types) are
# parsed once, by one donor target whose precompiled header every suite reuses. With -O1 below,
# tst_wallscreen compiles in 8.5 s where it took 11.7 s. Only headers that no per-suite macro changes belong
# here: QTest is left out, since it reads QT_GUI_LIB and QT_WIDGETS_LIB.
function(vigil_add_test_pch_donor)
    add_library(vigil_test_pch OBJECT ${PROJECT_SOURCE_DIR}/tests/support/precompiled.cpp)
    target_link_libraries(vigil_test_pch PRIVATE Qt6::Core vigil_proto_grpc)
    vigil_set_warnings(vigil_test_pch)
    vigil_use_test_optimisation(vigil_test_pch)
    target_precompile_headers(vigil_test_pch PRIVATE
        <QtCore/qobject.h> <QtCore/qstring.h> <QtCore/qlist.h> <QtCore/qhash.h> <QtCore/qmap.h>
        <QtCore/qvariant.h> <QtCore/qdatetime.h> <QtCore/qtemporarydir.h> <QtCore/qfile.h>
        <memory> <vector> <optional> <functional> <grpcpp/grpcpp.h> [["vigil/v1/gateway.pb.h"]])
endfunction()

# A suite's moc reads the suite's own file and nothing else. AUTOMOC hands moc the suite's whole
# include path, and moc then reads every header it can find behind the suite's includes (about
# 3,000: gRPC, abseil, protobuf, Qt), 1.5 s a suite in each of the two CI builds, for a test class
# whose slots need none of them (moc knows Q_OBJECT and Q_SLOTS itself). A suite includes its
# "<file>.moc" at its end, as before.
function(vigil_moc_suite_alone target)
    set(folder ${CMAKE_CURRENT_BINARY_DIR}/${target}_moc)
    foreach(source ${ARGN})
        get_filename_component(base ${source} NAME_WE)
        add_custom_command(OUTPUT ${folder}/${base}.moc
            COMMAND Qt6::moc ${CMAKE_CURRENT_SOURCE_DIR}/${source} -o ${folder}/${base}.moc
            DEPENDS ${source} Qt6::moc
            COMMENT "moc ${source}" VERBATIM)
        target_sources(${target} PRIVATE ${folder}/${base}.moc)
    endforeach()
    target_include_directories(${target} PRIVATE ${folder})
endfunction()

# A suite's own code need not be built the way the shipped libraries are: in the release lane
# it is compiled at -O1 (the libraries it tests stay at -O3), and in the sanitizer lane at -O0
# (the libraries stay at -O1, where the sanitizers check them): a suite compiles in two thirds
# of the time, and its hot loops are in the libraries it calls.
function(vigil_use_test_optimisation target)
    if(CMAKE_BUILD_TYPE STREQUAL "Release")
        target_compile_options(${target} PRIVATE -O1)
    elseif(CMAKE_CXX_FLAGS MATCHES "-fsanitize=address")
        target_compile_options(${target} PRIVATE -O0)
    endif()
endfunction()

# vigil_add_test(NAME tst_x SOURCES tst_x.cpp LIBS vigil_core [GUI])
# A Qt Test suite registered with CTest, run on the offscreen platform.
function(vigil_add_test)
    cmake_parse_arguments(T "GUI" "NAME" "SOURCES;LIBS" ${ARGN})
    qt_add_executable(${T_NAME} ${T_SOURCES})
    target_link_libraries(${T_NAME} PRIVATE Qt6::Test ${T_LIBS})
    target_compile_definitions(${T_NAME} PRIVATE VIGIL_TEST_DATA_DIR="${CMAKE_CURRENT_SOURCE_DIR}/data")
    vigil_set_warnings(${T_NAME})
    vigil_use_test_optimisation(${T_NAME})
    # The precompiled header was built with -pthread (gRPC's flag); a suite that does not link
    # gRPC must define the same, or GCC quietly parses every header again.
    target_compile_options(${T_NAME} PRIVATE -pthread)
    target_precompile_headers(${T_NAME} REUSE_FROM vigil_test_pch)
    vigil_moc_suite_alone(${T_NAME} ${T_SOURCES})
    # Says so (without failing the build) when GCC cannot use it.
    target_compile_options(${T_NAME} PRIVATE -Winvalid-pch -Wno-error=invalid-pch)
    add_test(NAME ${T_NAME} COMMAND ${T_NAME})
    set_tests_properties(${T_NAME} PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_LOGGING_RULES=qt.qpa.*=false"
        TIMEOUT 300)
endfunction()

# vigil_include_root(target): a library's headers are included as "<its folder>/<header>.h", and
# only by what links it. Its include root is a folder of the build holding a single link, named
# as the library's folder, to that folder: the repository's root is never an include root, so a
# file that includes a header of a library it does not link fails to compile
# (tests/architecture/wrong_include.cpp proves it).
function(vigil_include_root target)
    get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
    set(root ${PROJECT_BINARY_DIR}/include-roots/${target})
    if(NOT IS_SYMLINK ${root}/${folder})
        file(MAKE_DIRECTORY ${root})
        file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR} ${root}/${folder} SYMBOLIC)
    endif()
    target_include_directories(${target} PUBLIC ${root})
endfunction()

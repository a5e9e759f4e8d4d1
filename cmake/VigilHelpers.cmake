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

# vigil_add_test(NAME tst_x SOURCES tst_x.cpp LIBS vigil_core [GUI])
# A Qt Test suite registered with CTest, run on the offscreen platform.
function(vigil_add_test)
    cmake_parse_arguments(T "GUI" "NAME" "SOURCES;LIBS" ${ARGN})
    qt_add_executable(${T_NAME} ${T_SOURCES})
    target_link_libraries(${T_NAME} PRIVATE Qt6::Test ${T_LIBS})
    target_compile_definitions(${T_NAME} PRIVATE VIGIL_TEST_DATA_DIR="${CMAKE_CURRENT_SOURCE_DIR}/data")
    vigil_set_warnings(${T_NAME})
    add_test(NAME ${T_NAME} COMMAND ${T_NAME})
    set_tests_properties(${T_NAME} PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_LOGGING_RULES=qt.qpa.*=false"
        TIMEOUT 300)
endfunction()

# Warnings on Berth's own targets only; third-party headers are included as SYSTEM.
function(berth_set_warnings target)
  # -Wshadow=local is GCC's spelling (the fuzz tree is clang); kept in its place in the list so
  # that GCC's command lines, and so ccache's keys, stay what they were.
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>
                         -Wnon-virtual-dtor -Wimplicit-fallthrough)
  if(BERTH_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  # GCC 12 at -O3 reports a false -Wrestrict inside libstdc++ for `"literal" + std::string`
  # (GCC bug 105651), which would fail Release builds under -Werror.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
endfunction()

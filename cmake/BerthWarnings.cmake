# Warnings on Berth's own targets only; third-party headers are included as SYSTEM.
function(berth_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow=local
                         -Wnon-virtual-dtor -Wimplicit-fallthrough)
  if(BERTH_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

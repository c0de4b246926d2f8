# BERTH_SANITIZE=address,undefined or thread: applied globally so tests and libraries agree.
if(BERTH_SANITIZE)
  add_compile_options(-fsanitize=${BERTH_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${BERTH_SANITIZE})
endif()

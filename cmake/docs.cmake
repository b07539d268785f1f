# Manual pages (help2man) and shell completions, both generated from the built program's --help so
# that they never drift from it (scripts/man-pages.sh, scripts/completions.sh), into build/man and
# build/completions; cmake/install.cmake installs them.
find_program(HELP2MAN_EXECUTABLE help2man)
set(CB_MAN_DIR ${CMAKE_BINARY_DIR}/man)
set(CB_COMPLETIONS_DIR ${CMAKE_BINARY_DIR}/completions)
if(HELP2MAN_EXECUTABLE)
  add_custom_command(OUTPUT ${CB_MAN_DIR}/codebreaker.1
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${CB_MAN_DIR}
    COMMAND sh ${PROJECT_SOURCE_DIR}/scripts/man-pages.sh $<TARGET_FILE:codebreaker-bin> ${CB_MAN_DIR} ${PROJECT_VERSION}
    DEPENDS codebreaker-bin ${PROJECT_SOURCE_DIR}/scripts/man-pages.sh
    COMMENT "Writing the manual pages from --help (help2man)"
    VERBATIM)
  add_custom_target(man-pages ALL DEPENDS ${CB_MAN_DIR}/codebreaker.1)
else()
  message(WARNING "help2man not found: no manual pages (install the Debian package help2man; scripts/deps.sh does)")
endif()
add_custom_command(OUTPUT ${CB_COMPLETIONS_DIR}/codebreaker
  COMMAND sh ${PROJECT_SOURCE_DIR}/scripts/completions.sh $<TARGET_FILE:codebreaker-bin> ${CB_COMPLETIONS_DIR}
  DEPENDS codebreaker-bin ${PROJECT_SOURCE_DIR}/scripts/completions.sh
  COMMENT "Writing the bash, zsh and fish completions from --help"
  VERBATIM)
add_custom_target(completions ALL DEPENDS ${CB_COMPLETIONS_DIR}/codebreaker)

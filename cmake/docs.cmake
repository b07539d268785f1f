# Manual pages and shell completions, both written at build time from the built program's option
# tables (`codebreaker --options`), so that they never drift from it: scripts/man-pages.sh (with the
# hand-written tools/man/codebreaker.1.in, and codebreaker-mpi(1) from tools/man/codebreaker-mpi.1.in
# when MPI was found) into build/man, scripts/completions.sh into
# build/completions. cmake/install.cmake installs them.
set(CB_MAN_DIR ${CMAKE_BINARY_DIR}/man)
set(CB_COMPLETIONS_DIR ${CMAKE_BINARY_DIR}/completions)
add_custom_command(OUTPUT ${CB_MAN_DIR}/codebreaker.1
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${CB_MAN_DIR}
  COMMAND sh ${PROJECT_SOURCE_DIR}/scripts/man-pages.sh $<TARGET_FILE:codebreaker-bin> ${CB_MAN_DIR} ${PROJECT_VERSION}
          $<$<TARGET_EXISTS:codebreaker-mpi>:mpi>
  DEPENDS codebreaker-bin ${PROJECT_SOURCE_DIR}/scripts/man-pages.sh ${PROJECT_SOURCE_DIR}/tools/man/codebreaker.1.in
          ${PROJECT_SOURCE_DIR}/tools/man/codebreaker-mpi.1.in
  COMMENT "Writing the manual pages from the option tables"
  VERBATIM)
add_custom_target(man-pages ALL DEPENDS ${CB_MAN_DIR}/codebreaker.1)
add_custom_command(OUTPUT ${CB_COMPLETIONS_DIR}/codebreaker
  COMMAND sh ${PROJECT_SOURCE_DIR}/scripts/completions.sh $<TARGET_FILE:codebreaker-bin> ${CB_COMPLETIONS_DIR}
  DEPENDS codebreaker-bin ${PROJECT_SOURCE_DIR}/scripts/completions.sh
  COMMENT "Writing the bash, zsh and fish completions from the option tables"
  VERBATIM)
add_custom_target(completions ALL DEPENDS ${CB_COMPLETIONS_DIR}/codebreaker)

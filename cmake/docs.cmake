# Manual pages and shell completions, both written at build time from the option tables as
# tools/man/options.tsv holds them (what `codebreaker --options` prints; the test options_table
# checks that the built program prints the same, and says how to refresh the file), without running
# the program, so that a cross build writes them too: scripts/man-pages.sh (with the hand-written
# tools/man/codebreaker.1.in, and codebreaker-mpi(1) from tools/man/codebreaker-mpi.1.in when MPI
# was found) into build/man, scripts/completions.sh into build/completions. cmake/install.cmake
# installs them.
set(CB_OPTIONS_TSV ${PROJECT_SOURCE_DIR}/tools/man/options.tsv)
set(CB_MAN_DIR ${CMAKE_BINARY_DIR}/man)
set(CB_COMPLETIONS_DIR ${CMAKE_BINARY_DIR}/completions)
add_custom_command(OUTPUT ${CB_MAN_DIR}/codebreaker.1
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${CB_MAN_DIR}
  COMMAND sh ${PROJECT_SOURCE_DIR}/scripts/man-pages.sh ${CB_OPTIONS_TSV} ${CB_MAN_DIR} ${PROJECT_VERSION}
          $<$<TARGET_EXISTS:codebreaker-mpi>:mpi>
  DEPENDS ${CB_OPTIONS_TSV} ${PROJECT_SOURCE_DIR}/scripts/man-pages.sh ${PROJECT_SOURCE_DIR}/tools/man/codebreaker.1.in
          ${PROJECT_SOURCE_DIR}/tools/man/codebreaker-mpi.1.in
  COMMENT "Writing the manual pages from the option tables (tools/man/options.tsv)"
  VERBATIM)
add_custom_target(man-pages ALL DEPENDS ${CB_MAN_DIR}/codebreaker.1)
add_custom_command(OUTPUT ${CB_COMPLETIONS_DIR}/codebreaker
  COMMAND sh ${PROJECT_SOURCE_DIR}/scripts/completions.sh ${CB_OPTIONS_TSV} ${CB_COMPLETIONS_DIR}
  DEPENDS ${CB_OPTIONS_TSV} ${PROJECT_SOURCE_DIR}/scripts/completions.sh
  COMMENT "Writing the bash, zsh and fish completions from the option tables (tools/man/options.tsv)"
  VERBATIM)
add_custom_target(completions ALL DEPENDS ${CB_COMPLETIONS_DIR}/codebreaker)
# `cmake --build build --target options-table`: tools/man/options.tsv written again by the built
# program, after a change to an option, a command or a registry the tables list (a strategy, a game,
# a word list).
add_custom_target(options-table
  COMMAND $<TARGET_FILE:codebreaker-bin> --options > ${CB_OPTIONS_TSV}
  DEPENDS codebreaker-bin
  COMMENT "Writing tools/man/options.tsv from codebreaker --options")

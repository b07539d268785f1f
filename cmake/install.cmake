# What `cmake --install build --prefix P` (and `make install PREFIX=P`) puts under P:
#   bin/codebreaker                         the program (the library linked in statically)
#   bin/codebreaker-mpi                     the MPI search over openers, when MPI was found
#   lib/codebreaker/codebreaker-plot.so     the plotting module (PLplot), loaded when a figure is drawn
#   lib/libcodebreaker.so.*, .a             the library, shared (SONAME) and static
#   include/codebreaker/*.h                 the public headers
#   lib/pkgconfig/codebreaker.pc            for pkg-config
#   lib/cmake/codebreaker/                  for find_package(codebreaker): codebreaker::codebreaker
#                                           (shared) and codebreaker::codebreaker_static
#   share/man/man1/                         codebreaker(1), codebreaker-COMMAND(1) (cmake/docs.cmake)
#   share/bash-completion/completions/      codebreaker
#   share/zsh/site-functions/               _codebreaker
#   share/fish/vendor_completions.d/        codebreaker.fish
#   share/doc/codebreaker/                  README.md, LICENSE, docs/ (the guides, with their figures),
#                                           data/README.md (the word lists' sources),
#                                           python/README.md, uPlot's licence: every relative link of
#                                           the README, the docs and the man pages resolves there
# The word lists and the dashboard's page are compiled into the library and the program.
# `make uninstall` removes what the manifest of the last `make install` lists (scripts/uninstall.sh).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS codebreaker-bin RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET codebreaker-mpi)
  install(TARGETS codebreaker-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET codebreaker-plot)
  install(TARGETS codebreaker-plot LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/codebreaker)
endif()
install(TARGETS codebreaker codebreaker_shared EXPORT codebreaker-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Development
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/codebreaker DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")

set(CB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/codebreaker)
install(EXPORT codebreaker-targets NAMESPACE codebreaker:: DESTINATION ${CB_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/codebreakerConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/codebreakerConfig.cmake INSTALL_DESTINATION ${CB_CMAKE_DIR})
# Before 1.0 only the same minor version is compatible (see the ABI promise in codebreaker.h).
write_basic_package_version_file(${CMAKE_BINARY_DIR}/codebreakerConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/codebreakerConfig.cmake ${CMAKE_BINARY_DIR}/codebreakerConfigVersion.cmake
        DESTINATION ${CB_CMAKE_DIR})

# pkg-config: relative to the .pc file's own folder, so the prefix may move after installing; but
# installed into /usr, the system's prefix, with it written out, so that pkg-config sees the
# system's include folder (-I/usr/include, which it leaves out) rather than
# /usr/lib/x86_64-linux-gnu/pkgconfig/../../../include. The choice is made at install time, by the
# prefix of that install.
file(RELATIVE_PATH CB_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" CB_PC_TO_PREFIX "${CB_PC_TO_PREFIX}")
set(CB_PC_PREFIX "\${pcfiledir}/${CB_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/codebreaker.pc.in ${CMAKE_BINARY_DIR}/codebreaker.pc @ONLY)
set(CB_PC_PREFIX /usr)
configure_file(${CMAKE_CURRENT_LIST_DIR}/codebreaker.pc.in ${CMAKE_BINARY_DIR}/pc-usr/codebreaker.pc @ONLY)
install(CODE "if(CMAKE_INSTALL_PREFIX STREQUAL \"/usr\")
  set(cb_pc \"${CMAKE_BINARY_DIR}/pc-usr/codebreaker.pc\")
else()
  set(cb_pc \"${CMAKE_BINARY_DIR}/codebreaker.pc\")
endif()
file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\" TYPE FILE FILES \"\${cb_pc}\")")

# The docs keep the layout of the sources, so that their relative links resolve once installed.
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
# data/README.md names each bundled list's source and terms (the CC BY attribution of the word
# frequencies among them); the MIT notice of the lists from A. Selby's repository goes beside it.
install(FILES ${PROJECT_SOURCE_DIR}/data/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR}/data)
install(FILES ${PROJECT_SOURCE_DIR}/data/selby/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR}/data/selby)
install(FILES ${PROJECT_SOURCE_DIR}/python/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR}/python OPTIONAL)
install(FILES ${CMAKE_BINARY_DIR}/web/vendor/uPlot.LICENSE.txt DESTINATION ${CMAKE_INSTALL_DOCDIR} OPTIONAL)

# The manual pages, naming the documentation folder of this install (cmake/man-install.cmake).
install(CODE "set(CB_MAN_DIR \"${CB_MAN_DIR}\")
set(CB_MAN_STAGE \"${CMAKE_BINARY_DIR}/man-installed\")
set(CB_DOCDIR \"${CMAKE_INSTALL_DOCDIR}\")
set(CB_MANDIR \"${CMAKE_INSTALL_MANDIR}\")")
install(SCRIPT ${CMAKE_CURRENT_LIST_DIR}/man-install.cmake)
install(FILES ${CB_COMPLETIONS_DIR}/codebreaker DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${CB_COMPLETIONS_DIR}/_codebreaker DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
install(FILES ${CB_COMPLETIONS_DIR}/codebreaker.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)

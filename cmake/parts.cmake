# The optional parts of the build, each a switch AUTO / ON / OFF:
#   CB_PLOT     --plot and the experiments' figures (PLplot)
#   CB_MPI      codebreaker-mpi (an MPI implementation)
#   CB_WEB      codebreaker serve, the web dashboard (libmicrohttpd)
#   CB_LIBEDIT  line editing in play and assist (libedit)
#   CB_CHARTS   the dashboard's charts (uPlot, from CB_UPLOT_DIR)
# AUTO (the default) builds the part when what it needs is found; ON makes its absence a configure
# error naming the Debian package; OFF leaves it out without looking. The configure step ends with a
# summary of each part, and `codebreaker --version` names the switch behind each answer.

# cb_part(NAME DOC): the switch NAME, AUTO by default. A cache left by the old boolean options
# (CB_WEB and CB_LIBEDIT were ON by default, meaning "when found") reads as AUTO.
function(cb_part name doc)
  get_property(type CACHE ${name} PROPERTY TYPE)
  if(type STREQUAL "BOOL" AND ${name})
    set(${name} AUTO CACHE STRING "${doc}: AUTO, ON or OFF" FORCE)
  endif()
  set(${name} AUTO CACHE STRING "${doc}: AUTO, ON or OFF")
  set_property(CACHE ${name} PROPERTY STRINGS AUTO ON OFF)
  string(TOUPPER "${${name}}" value)
  if(value MATCHES "^(ON|YES|TRUE|Y|1)$")
    set(value ON)
  elseif(value MATCHES "^(OFF|NO|FALSE|N|0)$")
    set(value OFF)
  elseif(NOT value STREQUAL "AUTO")
    message(FATAL_ERROR "${name}=${${name}}: give AUTO, ON or OFF")
  endif()
  set(${name}_MODE ${value} PARENT_SCOPE)
endfunction()

# cb_part_found(NAME FOUND WHAT PACKAGE OUT): after looking (when NAME is not OFF), FOUND says
# whether WHAT was found; ON without it is an error naming the Debian PACKAGE. Sets OUT (ON: build
# the part) in the caller, and the part's line of the summary.
function(cb_part_found name found what package out)
  string(REGEX REPLACE "^CB_" "" part "${name}")
  if(${name}_MODE STREQUAL "OFF")
    set(have OFF)
    set(line "no (${name}=OFF)")
  elseif(found)
    set(have ON)
    set(line "yes (${name}=${${name}_MODE}: ${what})")
  elseif(${name}_MODE STREQUAL "ON")
    message(FATAL_ERROR "${name}=ON, but ${what} was not found (Debian: ${package}). Install it, or "
                        "configure with -D${name}=AUTO (build without it when absent) or -D${name}=OFF")
  else()
    set(have OFF)
    set(line "no (${name}=AUTO: ${what} was not found; Debian: ${package})")
  endif()
  set(${out} ${have} PARENT_SCOPE)
  set_property(GLOBAL PROPERTY CB_PART_${part} "${line}")
  set_property(GLOBAL APPEND PROPERTY CB_PARTS ${part})
endfunction()

# cb_parts_summary(): one line a part, after every part was looked for.
function(cb_parts_summary)
  get_property(parts GLOBAL PROPERTY CB_PARTS)
  set(text "codebreaker's optional parts (AUTO, ON or OFF each; docs/install.md):")
  foreach(part ${parts})
    get_property(line GLOBAL PROPERTY CB_PART_${part})
    string(SUBSTRING "CB_${part}           " 0 12 padded)
    string(APPEND text "\n   ${padded}${line}")
  endforeach()
  message(STATUS "${text}")
endfunction()

cb_part(CB_PLOT "Plotting with PLplot (--plot, the experiments' figures)")
cb_part(CB_MPI "codebreaker-mpi, the search over openers shared by MPI processes")
cb_part(CB_WEB "The web dashboard, codebreaker serve (libmicrohttpd)")
cb_part(CB_LIBEDIT "Line editing in play and assist (libedit)")
cb_part(CB_CHARTS "The dashboard's charts (uPlot, from CB_UPLOT_DIR)")

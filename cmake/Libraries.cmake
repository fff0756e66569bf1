# The libraries of cmake/libraries.txt: one static library per folder, edgetop_<name>, built from
# the folder's *.cpp files and linked to the libraries the table lets it use. A folder's main.cpp
# is a program, not part of its library (app/ holds only the program's).
#
# Each library compiles with an include path that holds only its own folder and the folders of
# the libraries it may use, directly or through them: links in the build tree named as the code
# includes them ("sensors/cpu" -> <source>/sensors/cpu, "edgetop" -> <source>/include/edgetop).
# An include the table does not allow names no file and fails to compile. Include paths are
# PRIVATE: a consumer sees a library's headers through its own view, never through the library.

# The view of the named libraries' folders, shared by every target with the same set.
function(edgetop_include_view target)
  set(entries)
  foreach(library IN LISTS ARGN)
    set(folder ${EDGETOP_FOLDER_${library}})
    string(REGEX REPLACE "^include/" "" include_name ${folder})
    list(APPEND entries "${include_name}!${folder}")
  endforeach()
  list(SORT entries)  # a folder before the folders inside it ("!" sorts before "/")
  string(MD5 key "${entries}")
  set(view ${CMAKE_BINARY_DIR}/include-views/${key})
  set(linked)
  foreach(entry IN LISTS entries)
    string(REPLACE "!" ";" pair ${entry})
    list(GET pair 0 include_name)
    list(GET pair 1 folder)
    set(inside_linked FALSE)
    foreach(done IN LISTS linked)
      string(FIND "${include_name}" "${done}/" at)
      if(at EQUAL 0)
        set(inside_linked TRUE)  # import/tegrastats comes with import
      endif()
    endforeach()
    if(inside_linked)
      continue()
    endif()
    list(APPEND linked ${include_name})
    if(NOT IS_SYMLINK ${view}/${include_name})
      get_filename_component(parent ${view}/${include_name} DIRECTORY)
      file(MAKE_DIRECTORY ${parent})
      file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${folder} ${view}/${include_name} SYMBOLIC)
    endif()
  endforeach()
  target_include_directories(${target} PRIVATE ${view})
  set(EDGETOP_VIEW_${target} ${view} PARENT_SCOPE)
endfunction()

file(STRINGS ${CMAKE_SOURCE_DIR}/cmake/libraries.txt edgetop_table REGEX "^[a-z]")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${CMAKE_SOURCE_DIR}/cmake/libraries.txt)
set(EDGETOP_LIBRARIES)
foreach(line IN LISTS edgetop_table)
  string(REGEX REPLACE "[ \t]+" ";" uses "${line}")
  list(POP_FRONT uses name folder)
  list(REMOVE_ITEM uses "-")
  set(closure)
  foreach(used IN LISTS uses)
    if(NOT used IN_LIST EDGETOP_LIBRARIES)
      message(FATAL_ERROR "cmake/libraries.txt: ${name} uses ${used}, which is not listed above it")
    endif()
    list(APPEND closure ${used} ${EDGETOP_USES_${used}})
  endforeach()
  list(REMOVE_DUPLICATES closure)
  set(EDGETOP_USES_${name} ${closure})
  set(EDGETOP_FOLDER_${name} ${folder})
  list(APPEND EDGETOP_LIBRARIES ${name})

  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/${folder}/*.cpp)
  list(FILTER sources EXCLUDE REGEX "/main\\.cpp$")
  if(NOT sources)
    continue()  # app/: only the program's main.cpp
  endif()
  add_library(edgetop_${name} STATIC ${sources})
  foreach(used IN LISTS uses)
    target_link_libraries(edgetop_${name} PUBLIC edgetop_${used})
  endforeach()
  edgetop_include_view(edgetop_${name} ${name} ${closure})
endforeach()

// Package outputs guards the files a gridsat command writes: before any
// work starts, a command names to a Guard every file it reads (files,
// the files of folders it reads, standard input whatever its name) and
// every file and folder it writes (reports, results files, plots,
// drawings, kept proofs, standard output), and Check refuses an output
// that is an input, a gridsat results file (other than the one a run
// appends to), a file another process holds locked, a path through a
// dangling symbolic link, or one that meets another output. Files are
// told apart by device and inode where they exist, by their absolute
// path with symbolic links resolved where they do not yet.
//
// Writing itself (temporary files renamed into place) is compare.Output's.
package outputs

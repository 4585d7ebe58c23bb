#if canImport(Glibc)
import Glibc
#endif
import CFuse

/// The libfuse operation table, assigned in one place. Each callback finds
/// the file system through `private_data` and replies exactly once (by
/// returning). Mutating calls all fail with EROFS; the mount is also `ro`,
/// so the kernel normally refuses them before they get here.
enum Operations {
    static func table() -> fuse_operations {
        var ops = fuse_operations()
        ops.`init` = { _, cfg in
            if let cfg {
                // st_ino from getattr is what programs see; stable numbers.
                cfg.pointee.use_ino = 1
                cfg.pointee.readdir_ino = 0  // we fill st_ino ourselves
                // Attributes are cached for a second, so `ls -l` costs no
                // round trip per file. Sizes change from estimate to exact at
                // open(): the open drops the cached attributes when they
                // differ (PageCachePolicy).
                cfg.pointee.attr_timeout = 1
                cfg.pointee.entry_timeout = 1
                cfg.pointee.negative_timeout = 0
                cfg.pointee.kernel_cache = 0
                cfg.pointee.auto_cache = 0
                cfg.pointee.direct_io = 0
                cfg.pointee.hard_remove = 1
            }
            return fuse_get_context()!.pointee.private_data
        }
        // With a file handle (the kernel checking the size while a file is
        // read), answer for that handle's bytes: the source may have changed
        // since it was opened.
        ops.getattr = { p, st, fi in fs().getattr(path(p), &st!.pointee, handle: fi?.pointee.fh) }
        ops.opendir = { _, fi in
            fi!.pointee.fh = fs().opendir()
            return 0
        }
        ops.releasedir = { _, fi in
            fs().releasedir(handle: fi!.pointee.fh)
            return 0
        }
        // Entries go out with offsets (libfuse's second readdir mode): only
        // then does high-level libfuse pass FUSE_FILL_DIR_PLUS attributes on
        // to the kernel instead of dropping them.
        ops.readdir = { p, buf, filler, off, fi, flags in
            let plus = flags.rawValue & FUSE_READDIR_PLUS.rawValue != 0
            let fill = fuse_fill_dir_flags(rawValue: plus ? FUSE_FILL_DIR_PLUS.rawValue : 0)
            return fs().readdir(path(p), handle: fi!.pointee.fh, offset: Int(off), plus: plus) { name, st, next in
                name.withCString { cname in
                    if var st {
                        return filler!(buf, cname, &st, off_t(next), fill) == 0
                    }
                    return filler!(buf, cname, nil, off_t(next), fuse_fill_dir_flags(rawValue: 0)) == 0
                }
            }
        }
        ops.open = { p, fi in
            // A wait ends when the reader is interrupted, or when the file
            // system is unmounted under it (the loop then waits for this
            // thread before the process can exit).
            let (rc, h, d) = fs().open(path(p), flags: fi!.pointee.flags) {
                fuse_interrupted() != 0 || fuse_session_exited(fuse_get_session(fuse_get_context()!.pointee.fuse)) != 0
            }
            if rc == 0 {
                fi!.pointee.fh = h
                fi!.pointee.keep_cache = d.keepCache ? 1 : 0
                fi!.pointee.direct_io = d.directIO ? 1 : 0
                // Before the reply: the first read must ask for the size.
                if d.invalidate { _ = fuse_invalidate_path(fuse_get_context()!.pointee.fuse, p) }
            }
            return rc
        }
        ops.read = { _, buf, size, off, fi in
            fs().read(handle: fi!.pointee.fh, into: buf!, size: size, offset: Int64(off))
        }
        ops.release = { p, fi in
            if fs().release(handle: fi!.pointee.fh), let p {
                _ = fuse_invalidate_path(fuse_get_context()!.pointee.fuse, p)
            }
            return 0
        }
        ops.statfs = { _, v in fs().statfs(v!) }
        // getxattr and listxattr stay unset: libfuse answers ENOSYS once,
        // the kernel then answers EOPNOTSUPP itself for the rest of the mount
        // and `ls -l` stops making a round trip per file to ask for a
        // security label that never exists here. (So the mount's status is
        // a file, not an attribute: `ControlFiles`.)
        ops.setxattr = { _, _, _, _, _ in -EROFS }
        ops.removexattr = { _, _ in -EROFS }
        ops.mknod = { _, _, _ in -EROFS }
        ops.mkdir = { _, _ in -EROFS }
        ops.unlink = { _ in -EROFS }
        ops.rmdir = { _ in -EROFS }
        ops.symlink = { _, _ in -EROFS }
        ops.rename = { _, _, _ in -EROFS }
        ops.link = { _, _ in -EROFS }
        ops.chmod = { _, _, _ in -EROFS }
        ops.chown = { _, _, _, _ in -EROFS }
        ops.truncate = { _, _, _ in -EROFS }
        ops.write = { _, _, _, _, _ in -EROFS }
        ops.create = { _, _, _ in -EROFS }
        ops.utimens = { _, _, _ in -EROFS }
        ops.fallocate = { _, _, _, _, _ in -EROFS }
        return ops
    }
}

// Free functions, not static members: a C callback may not capture even
// the enclosing type's metatype.
private func fs() -> RedactFS {
    Unmanaged<RedactFS>.fromOpaque(fuse_get_context()!.pointee.private_data!).takeUnretainedValue()
}

private func path(_ p: UnsafePointer<CChar>?) -> String {
    p.map { String(cString: $0) } ?? "/"
}

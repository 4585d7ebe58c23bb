// The C shim over libphonenumber's PhoneNumberMatcher; see phone_shim.h.
#include "phone_shim.h"

#include <climits>
#include <cstdlib>
#include <cstring>
#include <link.h>
#include <new>
#include <string>

#include <phonenumbers/logger.h>
#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumbermatch.h>
#include <phonenumbers/phonenumbermatcher.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberMatch;
using i18n::phonenumbers::PhoneNumberMatcher;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

// The library's singleton, with its logger silenced once. C++11 guarantees
// the initialisation of a function-local static runs exactly once, even when
// several threads arrive together.
const PhoneNumberUtil *util() {
    static const PhoneNumberUtil *instance = [] {
        PhoneNumberUtil *u = PhoneNumberUtil::GetInstance();
        u->SetLogger(new i18n::phonenumbers::NullLogger());
        return u;
    }();
    return instance;
}

// Whether the matcher finds a number in `text`.
bool matcherFinds(const PhoneNumberUtil &u, const std::string &text, const std::string &region,
                  PhoneNumberMatcher::Leniency leniency) {
    PhoneNumberMatcher matcher(u, text, region, leniency, INT_MAX);
    return matcher.HasNext();
}

}  // namespace

extern "C" size_t rf_phone_find(const char *utf8, size_t len, const char *region,
                                int leniency, rf_phone_match *out, size_t cap) {
    if (utf8 == nullptr || region == nullptr || len == 0) return 0;
    if (leniency < RF_PHONE_LENIENCY_POSSIBLE || leniency > RF_PHONE_LENIENCY_EXACT_GROUPING) return 0;
    try {
        const PhoneNumberUtil *u = util();
        const std::string text(utf8, len);
        const std::string regionCode(region);
        PhoneNumberMatcher matcher(*u, text, regionCode,
                                   static_cast<PhoneNumberMatcher::Leniency>(leniency), INT_MAX);
        size_t count = 0;
        while (matcher.HasNext()) {
            PhoneNumberMatch match;
            if (!matcher.Next(&match)) break;
            if (count < cap && out != nullptr) {
                const PhoneNumber &number = match.number();
                rf_phone_match &m = out[count];
                m.start = static_cast<size_t>(match.start());
                m.end = static_cast<size_t>(match.end());
                m.type = static_cast<int32_t>(u->GetNumberType(number));
                m.country_code = static_cast<int32_t>(number.country_code());
            }
            count += 1;
        }
        return count;
    } catch (...) {
        // Not "no number here": the caller must not take a failure for
        // an all-clear (it redacts the piece instead).
        return RF_PHONE_FAILED;
    }
}

extern "C" int rf_phone_required_national_prefix(const char *region, int leniency) {
    if (region == nullptr) return 0;
    if (leniency < RF_PHONE_LENIENCY_POSSIBLE || leniency > RF_PHONE_LENIENCY_EXACT_GROUPING) return 0;
    try {
        const PhoneNumberUtil *u = util();
        const std::string regionCode(region);
        const auto lenient = static_cast<PhoneNumberMatcher::Leniency>(leniency);
        std::string ndd;
        u->GetNddPrefixForRegion(regionCode, true, &ndd);
        if (ndd.size() != 1 || ndd[0] < '0' || ndd[0] > '9') return 0;
        const PhoneNumberUtil::PhoneNumberType types[] = {PhoneNumberUtil::FIXED_LINE, PhoneNumberUtil::MOBILE};
        for (const auto type : types) {
            PhoneNumber example;
            if (!u->GetExampleNumberForType(regionCode, type, &example)) return 0;
            std::string national, nsn;
            u->Format(example, PhoneNumberUtil::NATIONAL, &national);
            u->GetNationalSignificantNumber(example, &nsn);
            if (national.empty() || national[0] != ndd[0]) return 0;
            if (!matcherFinds(*u, "Tel " + national + " .", regionCode, lenient)) return 0;
            if (matcherFinds(*u, "Tel " + nsn + " .", regionCode, lenient)) return 0;
            if (matcherFinds(*u, "Tel " + national.substr(1) + " .", regionCode, lenient)) return 0;
        }
        return ndd[0];
    } catch (...) {
        return 0;
    }
}

namespace {
struct LoadedFile {
    std::string path;
};

int findPhoneNumberLibrary(struct dl_phdr_info *info, size_t, void *data) {
    const char *name = info->dlpi_name;
    if (name == nullptr || std::strstr(name, "/libphonenumber.so") == nullptr) return 0;
    static_cast<LoadedFile *>(data)->path = name;
    return 1;
}
}  // namespace

extern "C" size_t rf_phone_library_version(char *out, size_t cap) {
    if (out == nullptr || cap == 0) return 0;
    out[0] = 0;
    try {
        LoadedFile found;
        dl_iterate_phdr(findPhoneNumberLibrary, &found);
        if (found.path.empty()) return 0;
        char *real = realpath(found.path.c_str(), nullptr);
        if (real == nullptr) return 0;
        std::string file(real);
        std::free(real);
        const std::string marker = "/libphonenumber.so.";
        const size_t at = file.rfind(marker);
        if (at == std::string::npos) return 0;
        const std::string version = file.substr(at + marker.size());
        if (version.empty() || version.size() >= cap) return 0;
        for (const char c : version) {
            if ((c < '0' || c > '9') && c != '.') return 0;
        }
        std::memcpy(out, version.c_str(), version.size() + 1);
        return version.size();
    } catch (...) {
        return 0;
    }
}

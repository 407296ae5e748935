"""Dog CEO: every breed and sub-breed of GET /breeds/list/all, and photo URLs per breed path.

Photo file names follow the image repository's conventions (Stanford Dogs folders use the
ImageNet synset id of the class, n0XXXXXXX_NNNN.jpg); they are constructed, not a listing."""
from common import *
BREEDS = {
 "affenpinscher": [], "african": ["wild"], "airedale": [], "akita": [], "appenzeller": [],
 "australian": ["kelpie", "shepherd"], "bakharwal": ["indian"], "basenji": [], "beagle": [],
 "bluetick": [], "borzoi": [], "bouvier": [], "boxer": [], "brabancon": [], "briard": [],
 "buhund": ["norwegian"], "bulldog": ["boston", "english", "french"],
 "bullterrier": ["staffordshire"], "cattledog": ["australian"], "cavapoo": [], "chihuahua": [],
 "chippiparai": ["indian"], "chow": [], "clumber": [], "cockapoo": [], "collie": ["border"],
 "coonhound": [], "corgi": ["cardigan"], "cotondetulear": [], "dachshund": [], "dalmatian": [],
 "dane": ["great"], "danish": ["swedish"], "deerhound": ["scottish"], "dhole": [], "dingo": [],
 "doberman": [], "elkhound": ["norwegian"], "entlebucher": [], "eskimo": [],
 "finnish": ["lapphund"], "frise": ["bichon"], "gaddi": ["indian"], "germanshepherd": [],
 "greyhound": ["indian", "italian"], "groenendael": [], "havanese": [],
 "hound": ["afghan", "basset", "blood", "english", "ibizan", "plott", "walker"],
 "husky": [], "keeshond": [], "kelpie": [], "kombai": [], "komondor": [], "kuvasz": [],
 "labradoodle": [], "labrador": [], "leonberg": [], "lhasa": [], "malamute": [], "malinois": [],
 "maltese": [], "mastiff": ["bull", "english", "indian", "tibetan"], "mexicanhairless": [],
 "mix": [], "mountain": ["bernese", "swiss"], "mudhol": ["indian"], "newfoundland": [],
 "otterhound": [], "ovcharka": ["caucasian"], "papillon": [], "pariah": ["indian"],
 "pekinese": [], "pembroke": [], "pinscher": ["miniature"], "pitbull": [],
 "pointer": ["german", "germanlonghair"], "pomeranian": [],
 "poodle": ["medium", "miniature", "standard", "toy"], "pug": [], "puggle": [], "pyrenees": [],
 "rajapalayam": ["indian"], "redbone": [],
 "retriever": ["chesapeake", "curly", "flatcoated", "golden"], "ridgeback": ["rhodesian"],
 "rottweiler": [], "saluki": [], "samoyed": [], "schipperke": [], "schnauzer": ["giant", "miniature"],
 "segugio": ["italian"], "setter": ["english", "gordon", "irish"], "sharpei": [],
 "sheepdog": ["english", "indian", "shetland"], "shiba": [], "shihtzu": [],
 "spaniel": ["blenheim", "brittany", "cocker", "irish", "japanese", "sussex", "welsh"],
 "spitz": ["indian", "japanese"], "springer": ["english"], "stbernard": [],
 "terrier": ["american", "australian", "bedlington", "border", "cairn", "dandie", "fox", "irish",
             "kerryblue", "lakeland", "norfolk", "norwich", "patterdale", "russell", "scottish",
             "sealyham", "silky", "tibetan", "toy", "welsh", "westhighland", "wheaten", "yorkshire"],
 "tervuren": [], "vizsla": [], "waterdog": ["spanish"], "weimaraner": [], "whippet": [],
 "wolfhound": ["irish"],
}
# Image folders that hold Stanford Dogs photos are named after the ImageNet synset of the class.
SYNSET = {
 "affenpinscher": "n02110627", "african-wild": "n02116738", "airedale": "n02096051",
 "appenzeller": "n02107908", "basenji": "n02110806", "beagle": "n02088364", "bluetick": "n02088632",
 "borzoi": "n02090622", "bouvier": "n02106382", "boxer": "n02108089", "brabancon": "n02112706",
 "briard": "n02105251", "bulldog-boston": "n02096585", "bulldog-french": "n02108915",
 "bullterrier-staffordshire": "n02093256", "chihuahua": "n02085620", "chow": "n02112137",
 "clumber": "n02101556", "collie-border": "n02106166", "coonhound": "n02089078",
 "corgi-cardigan": "n02113186", "dane-great": "n02109047", "deerhound-scottish": "n02092002",
 "dhole": "n02115913", "dingo": "n02115641", "doberman": "n02107142",
 "elkhound-norwegian": "n02091467", "entlebucher": "n02108000", "eskimo": "n02109961",
 "germanshepherd": "n02106662", "greyhound-italian": "n02091032", "groenendael": "n02105056",
 "hound-afghan": "n02088094", "hound-basset": "n02088238", "hound-blood": "n02088466",
 "hound-english": "n02089973", "hound-ibizan": "n02091244", "hound-walker": "n02089867",
 "husky": "n02110185", "keeshond": "n02112350", "kelpie": "n02105412", "komondor": "n02105505",
 "kuvasz": "n02104029", "labrador": "n02099712", "leonberg": "n02111129", "lhasa": "n02098413",
 "malamute": "n02110063", "malinois": "n02105162", "maltese": "n02085936",
 "mastiff-bull": "n02108422", "mastiff-tibetan": "n02108551", "mexicanhairless": "n02113978",
 "mountain-bernese": "n02107683", "mountain-swiss": "n02107574", "newfoundland": "n02111277",
 "otterhound": "n02091635", "papillon": "n02086910", "pekinese": "n02086079",
 "pembroke": "n02113023", "pinscher-miniature": "n02107312", "pointer-german": "n02100236",
 "pomeranian": "n02112018", "poodle-miniature": "n02113712", "poodle-standard": "n02113799",
 "poodle-toy": "n02113624", "pug": "n02110958", "pyrenees": "n02111500", "redbone": "n02090379",
 "retriever-chesapeake": "n02099849", "retriever-curly": "n02099429",
 "retriever-flatcoated": "n02099267", "retriever-golden": "n02099601",
 "ridgeback-rhodesian": "n02087394", "rottweiler": "n02106550", "saluki": "n02091831",
 "samoyed": "n02111889", "schipperke": "n02104365", "schnauzer-giant": "n02097130",
 "schnauzer-miniature": "n02097047", "setter-english": "n02100735", "setter-gordon": "n02101006",
 "setter-irish": "n02100877", "sheepdog-english": "n02105641", "sheepdog-shetland": "n02105855",
 "shihtzu": "n02086240", "spaniel-blenheim": "n02086646", "spaniel-brittany": "n02101388",
 "spaniel-cocker": "n02102318", "spaniel-irish": "n02102973", "spaniel-japanese": "n02085782",
 "spaniel-sussex": "n02102480", "spaniel-welsh": "n02102177", "springer-english": "n02102040",
 "stbernard": "n02109525", "terrier-american": "n02093428", "terrier-australian": "n02096294",
 "terrier-bedlington": "n02093647", "terrier-border": "n02093754", "terrier-cairn": "n02096177",
 "terrier-dandie": "n02096437", "terrier-fox": "n02095314", "terrier-irish": "n02093991",
 "terrier-kerryblue": "n02093859", "terrier-lakeland": "n02095570", "terrier-norfolk": "n02094114",
 "terrier-norwich": "n02094258", "terrier-scottish": "n02097298", "terrier-sealyham": "n02095889",
 "terrier-silky": "n02097658", "terrier-tibetan": "n02097474", "terrier-toy": "n02087046",
 "terrier-westhighland": "n02098286", "terrier-wheaten": "n02098105",
 "terrier-yorkshire": "n02094433", "vizsla": "n02100583", "weimaraner": "n02092339",
 "whippet": "n02091134", "wolfhound-irish": "n02090721",
}
def files_for(folder):
    n = 3 + h(folder) % 10   # 3..12 photos
    out = []
    if folder in SYNSET:
        base = 1000 + h(folder + "#") % 900
        for i in range(n):
            num = base + i * (37 + h(folder, 2) % 400) + h(f"{folder}{i}", 3) % 29
            out.append(f"{SYNSET[folder]}_{num}.jpg")
    else:
        title = "_".join(w.capitalize() for w in folder.split("-"))
        for i in range(n):
            ext = "jpeg" if (i == 1 and h(folder) % 3 == 0) else "jpg"
            out.append(f"{title}_{i + 1}.{ext}")
    return [f"https://images.dog.ceo/breeds/{folder}/{f}" for f in out]

def main():
    write("dog-ceo/breeds-list-all.json", {"message": BREEDS, "status": "success"})
    images = {}
    for breed, subs in BREEDS.items():
        if subs:
            per_sub = {}
            for s in subs:
                per_sub[s] = files_for(f"{breed}-{s}")
                images[f"{breed}/{s}"] = per_sub[s]
            # /breed/{breed}/images lists every sub-breed's photos; keep up to 12 of them.
            merged = []
            for i in range(12):
                for s in subs:
                    if i < len(per_sub[s]) and len(merged) < 12:
                        merged.append(per_sub[s][i])
            images[breed] = sorted(merged)
        else:
            images[breed] = files_for(breed)
    # one breed per line: readable diffs, small file
    lines = [json.dumps(k) + ":" + json.dumps(v, separators=(",", ":")) for k, v in sorted(images.items())]
    with open(os.path.join(OUT, "dog-ceo/breed-images.json"), "w") as f:
        f.write("{\n" + ",\n".join(lines) + "\n}\n")
    print(len(BREEDS), sum(len(v) for v in BREEDS.values()), len(images))
if __name__ == "__main__":
    main()

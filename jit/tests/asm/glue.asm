glue (1736 bytes)
; the entry from the interpreter, any words
00000  push rbp
00001  mov rbp,rsp
00004  push rbx
00005  push r12
00007  push r13
00009  push r14
0000b  push r15
0000d  mov r15,rax
00010  mov r14,rcx
00013  mov [r15+30h],rdi
0001a  push qword ptr [r15+28h]
00021  mov r13,[r15+10h]
00028  sub r13,[r15]
0002f  lea rax,[10Eh]
00036  push rax
00037  mov [r15+28h],rsp
0003e  sub rsp,8
00042  mov rdx,rsi
00045  mov eax,r10d
00048  and eax,0FFFFFFFh
0004d  shr r10d,1Ch
00051  lea rcx,[rax*8+0Fh]
00059  and rcx,0FFFFFFFFFFFFFFF0h
0005d  cmp rcx,1000h
00064  jbe 0000000000000085h
0006a  sub rsp,1000h
00071  mov qword ptr [rsp],0
00079  sub rcx,1000h
00080  jmp 000000000000005Dh
00085  sub rsp,rcx
00088  mov rcx,rax
0008b  sub rcx,r10
0008e  je 000000000000009Fh
00094  lea rsi,[rdx+r10*8]
00098  lea rdi,[rsp+r10*8]
0009c  rep movsq [rdi],[rsi]
0009f  cmp r10d,0
000a6  je 00000000000000EFh
000ac  mov rsi,[rdx]
000b3  cmp r10d,1
000ba  je 00000000000000EFh
000c0  mov rdi,[rdx+8]
000c7  cmp r10d,2
000ce  je 00000000000000EFh
000d4  mov r8,[rdx+10h]
000db  cmp r10d,3
000e2  je 00000000000000EFh
000e8  mov r9,[rdx+18h]
000ef  call r11
000f2  xor edx,edx
000f4  lea rsp,[rbp-30h]
000fb  pop rcx
000fc  mov [r15+28h],rcx
00103  pop r15
00105  pop r14
00107  pop r13
00109  pop r12
0010b  pop rbx
0010c  pop rbp
0010d  ret
0010e  lea rbp,[rsp+30h]
00116  mov edx,1
0011b  jmp 00000000000000F4h
; the entry from the interpreter, 0 words in registers
00120  push rbp
00121  mov rbp,rsp
00124  push rbx
00125  push r12
00127  push r13
00129  push r14
0012b  push r15
0012d  mov r15,rax
00130  mov r14,rcx
00133  mov [r15+30h],rdi
0013a  push qword ptr [r15+28h]
00141  mov r13,[r15+10h]
00148  sub r13,[r15]
0014f  lea rax,[184h]
00156  push rax
00157  mov [r15+28h],rsp
0015e  sub rsp,8
00162  mov rdx,rsi
00165  call r11
00168  xor edx,edx
0016a  lea rsp,[rbp-30h]
00171  pop rcx
00172  mov [r15+28h],rcx
00179  pop r15
0017b  pop r14
0017d  pop r13
0017f  pop r12
00181  pop rbx
00182  pop rbp
00183  ret
00184  lea rbp,[rsp+30h]
0018c  mov edx,1
00191  jmp 000000000000016Ah
; the entry from the interpreter, 1 word in registers
00196  push rbp
00197  mov rbp,rsp
0019a  push rbx
0019b  push r12
0019d  push r13
0019f  push r14
001a1  push r15
001a3  mov r15,rax
001a6  mov r14,rcx
001a9  mov [r15+30h],rdi
001b0  push qword ptr [r15+28h]
001b7  mov r13,[r15+10h]
001be  sub r13,[r15]
001c5  lea rax,[208h]
001cc  push rax
001cd  mov [r15+28h],rsp
001d4  sub rsp,8
001d8  mov rdx,rsi
001db  sub rsp,10h
001e2  mov rsi,[rdx]
001e9  call r11
001ec  xor edx,edx
001ee  lea rsp,[rbp-30h]
001f5  pop rcx
001f6  mov [r15+28h],rcx
001fd  pop r15
001ff  pop r14
00201  pop r13
00203  pop r12
00205  pop rbx
00206  pop rbp
00207  ret
00208  lea rbp,[rsp+30h]
00210  mov edx,1
00215  jmp 00000000000001EEh
; the entry from the interpreter, 2 words in registers
0021a  push rbp
0021b  mov rbp,rsp
0021e  push rbx
0021f  push r12
00221  push r13
00223  push r14
00225  push r15
00227  mov r15,rax
0022a  mov r14,rcx
0022d  mov [r15+30h],rdi
00234  push qword ptr [r15+28h]
0023b  mov r13,[r15+10h]
00242  sub r13,[r15]
00249  lea rax,[293h]
00250  push rax
00251  mov [r15+28h],rsp
00258  sub rsp,8
0025c  mov rdx,rsi
0025f  sub rsp,10h
00266  mov rsi,[rdx]
0026d  mov rdi,[rdx+8]
00274  call r11
00277  xor edx,edx
00279  lea rsp,[rbp-30h]
00280  pop rcx
00281  mov [r15+28h],rcx
00288  pop r15
0028a  pop r14
0028c  pop r13
0028e  pop r12
00290  pop rbx
00291  pop rbp
00292  ret
00293  lea rbp,[rsp+30h]
0029b  mov edx,1
002a0  jmp 0000000000000279h
; the entry from the interpreter, 3 words in registers
002a5  push rbp
002a6  mov rbp,rsp
002a9  push rbx
002aa  push r12
002ac  push r13
002ae  push r14
002b0  push r15
002b2  mov r15,rax
002b5  mov r14,rcx
002b8  mov [r15+30h],rdi
002bf  push qword ptr [r15+28h]
002c6  mov r13,[r15+10h]
002cd  sub r13,[r15]
002d4  lea rax,[325h]
002db  push rax
002dc  mov [r15+28h],rsp
002e3  sub rsp,8
002e7  mov rdx,rsi
002ea  sub rsp,20h
002f1  mov rsi,[rdx]
002f8  mov rdi,[rdx+8]
002ff  mov r8,[rdx+10h]
00306  call r11
00309  xor edx,edx
0030b  lea rsp,[rbp-30h]
00312  pop rcx
00313  mov [r15+28h],rcx
0031a  pop r15
0031c  pop r14
0031e  pop r13
00320  pop r12
00322  pop rbx
00323  pop rbp
00324  ret
00325  lea rbp,[rsp+30h]
0032d  mov edx,1
00332  jmp 000000000000030Bh
; the entry from the interpreter, 4 words in registers
00337  push rbp
00338  mov rbp,rsp
0033b  push rbx
0033c  push r12
0033e  push r13
00340  push r14
00342  push r15
00344  mov r15,rax
00347  mov r14,rcx
0034a  mov [r15+30h],rdi
00351  push qword ptr [r15+28h]
00358  mov r13,[r15+10h]
0035f  sub r13,[r15]
00366  lea rax,[3BEh]
0036d  push rax
0036e  mov [r15+28h],rsp
00375  sub rsp,8
00379  mov rdx,rsi
0037c  sub rsp,20h
00383  mov rsi,[rdx]
0038a  mov rdi,[rdx+8]
00391  mov r8,[rdx+10h]
00398  mov r9,[rdx+18h]
0039f  call r11
003a2  xor edx,edx
003a4  lea rsp,[rbp-30h]
003ab  pop rcx
003ac  mov [r15+28h],rcx
003b3  pop r15
003b5  pop r14
003b7  pop r13
003b9  pop r12
003bb  pop rbx
003bc  pop rbp
003bd  ret
003be  lea rbp,[rsp+30h]
003c6  mov edx,1
003cb  jmp 00000000000003A4h
; a call, 0 in registers
003d0  mov rdx,[r15+38h]
003d7  mov rdx,[rdx+rax*8]
003db  sub r13,1
003df  jb 0000000000000404h
003e5  test rdx,rdx
003e8  je 0000000000000404h
003ee  cmp rsp,[r15+20h]
003f5  jb 0000000000000404h
003fb  add rdx,8
00402  jmp rdx
00404  mov rdx,0FFFFFFFFFFFFFFFFh
0040b  jmp 0000000000000510h
; a call, 1 in registers
00410  mov rdx,[r15+38h]
00417  mov rdx,[rdx+rax*8]
0041b  sub r13,1
0041f  jb 0000000000000444h
00425  test rdx,rdx
00428  je 0000000000000444h
0042e  cmp rsp,[r15+20h]
00435  jb 0000000000000444h
0043b  add rdx,8
00442  jmp rdx
00444  mov rdx,0FFFFFFFFFFFFFFFFh
0044b  jmp 000000000000054Eh
; a call, 2 in registers
00450  mov rdx,[r15+38h]
00457  mov rdx,[rdx+rax*8]
0045b  sub r13,1
0045f  jb 0000000000000484h
00465  test rdx,rdx
00468  je 0000000000000484h
0046e  cmp rsp,[r15+20h]
00475  jb 0000000000000484h
0047b  add rdx,8
00482  jmp rdx
00484  mov rdx,0FFFFFFFFFFFFFFFFh
0048b  jmp 0000000000000591h
; a call, 3 in registers
00490  mov rdx,[r15+38h]
00497  mov rdx,[rdx+rax*8]
0049b  sub r13,1
0049f  jb 00000000000004C4h
004a5  test rdx,rdx
004a8  je 00000000000004C4h
004ae  cmp rsp,[r15+20h]
004b5  jb 00000000000004C4h
004bb  add rdx,8
004c2  jmp rdx
004c4  mov rdx,0FFFFFFFFFFFFFFFFh
004cb  jmp 00000000000005D9h
; a call, 4 in registers
004d0  mov rdx,[r15+38h]
004d7  mov rdx,[rdx+rax*8]
004db  sub r13,1
004df  jb 0000000000000504h
004e5  test rdx,rdx
004e8  je 0000000000000504h
004ee  cmp rsp,[r15+20h]
004f5  jb 0000000000000504h
004fb  add rdx,8
00502  jmp rdx
00504  mov rdx,0FFFFFFFFFFFFFFFFh
0050b  jmp 0000000000000626h
; calls through jit_call, 0 in registers
00510  add rdx,[r15+10h]
00517  sub rdx,r13
0051a  mov [r15],rdx
0051d  mov esi,eax
0051f  lea rdx,[rsp+8]
00524  mov rdi,[r15+30h]
00528  mov rax,ADDR
00532  sub rsp,8
00536  push r10
00538  push r11
0053a  call rax  ; jit_call
0053c  pop r11
0053e  pop r10
00540  add rsp,8
00544  test rdx,rdx
00547  jne 00000000000006C3h
0054d  ret
; calls through jit_call, 1 in registers
0054e  mov [rsp+8],rsi
00553  add rdx,[r15+10h]
0055a  sub rdx,r13
0055d  mov [r15],rdx
00560  mov esi,eax
00562  lea rdx,[rsp+8]
00567  mov rdi,[r15+30h]
0056b  mov rax,ADDR
00575  sub rsp,8
00579  push r10
0057b  push r11
0057d  call rax  ; jit_call
0057f  pop r11
00581  pop r10
00583  add rsp,8
00587  test rdx,rdx
0058a  jne 00000000000006C3h
00590  ret
; calls through jit_call, 2 in registers
00591  mov [rsp+8],rsi
00596  mov [rsp+10h],rdi
0059b  add rdx,[r15+10h]
005a2  sub rdx,r13
005a5  mov [r15],rdx
005a8  mov esi,eax
005aa  lea rdx,[rsp+8]
005af  mov rdi,[r15+30h]
005b3  mov rax,ADDR
005bd  sub rsp,8
005c1  push r10
005c3  push r11
005c5  call rax  ; jit_call
005c7  pop r11
005c9  pop r10
005cb  add rsp,8
005cf  test rdx,rdx
005d2  jne 00000000000006C3h
005d8  ret
; calls through jit_call, 3 in registers
005d9  mov [rsp+8],rsi
005de  mov [rsp+10h],rdi
005e3  mov [rsp+18h],r8
005e8  add rdx,[r15+10h]
005ef  sub rdx,r13
005f2  mov [r15],rdx
005f5  mov esi,eax
005f7  lea rdx,[rsp+8]
005fc  mov rdi,[r15+30h]
00600  mov rax,ADDR
0060a  sub rsp,8
0060e  push r10
00610  push r11
00612  call rax  ; jit_call
00614  pop r11
00616  pop r10
00618  add rsp,8
0061c  test rdx,rdx
0061f  jne 00000000000006C3h
00625  ret
; calls through jit_call, 4 in registers
00626  mov [rsp+8],rsi
0062b  mov [rsp+10h],rdi
00630  mov [rsp+18h],r8
00635  mov [rsp+20h],r9
0063a  add rdx,[r15+10h]
00641  sub rdx,r13
00644  mov [r15],rdx
00647  mov esi,eax
00649  lea rdx,[rsp+8]
0064e  mov rdi,[r15+30h]
00652  mov rax,ADDR
0065c  sub rsp,8
00660  push r10
00662  push r11
00664  call rax  ; jit_call
00666  pop r11
00668  pop r10
0066a  add rsp,8
0066e  test rdx,rdx
00671  jne 00000000000006C3h
00677  ret
; division by zero through jit_trap
00678  mov rdi,[r15+30h]
0067c  xor esi,esi
0067e  mov rax,ADDR
00688  call rax  ; jit_trap
0068a  jmp 00000000000006C3h
; memory access out of bounds through jit_trap
0068f  mov rdi,[r15+30h]
00693  mov esi,1
00698  mov rax,ADDR
006a2  call rax  ; jit_trap
006a4  jmp 00000000000006C3h
; stack overflow through jit_trap
006a9  mov rdi,[r15+30h]
006ad  mov esi,2
006b2  mov rax,ADDR
006bc  call rax  ; jit_trap
006be  jmp 00000000000006C3h
; unwind to the entry from the interpreter
006c3  mov rsp,[r15+28h]
006c7  ret

glue (728 bytes)
; the entry from the interpreter
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
; calls through jit_call, 0 in registers
    00120  add rdx,[r15+10h]
    00127  sub rdx,r13
    0012a  mov [r15],rdx
    0012d  mov esi,eax
    0012f  lea rdx,[rsp+8]
    00134  mov rdi,[r15+30h]
    00138  mov rax,ADDR
    00142  sub rsp,8
    00146  push r10
    00148  push r11
    0014a  call rax  ; jit_call
    0014c  pop r11
    0014e  pop r10
    00150  add rsp,8
    00154  test rdx,rdx
    00157  jne 00000000000002D3h
    0015d  ret
; calls through jit_call, 1 in registers
    0015e  mov [rsp+8],rsi
    00163  add rdx,[r15+10h]
    0016a  sub rdx,r13
    0016d  mov [r15],rdx
    00170  mov esi,eax
    00172  lea rdx,[rsp+8]
    00177  mov rdi,[r15+30h]
    0017b  mov rax,ADDR
    00185  sub rsp,8
    00189  push r10
    0018b  push r11
    0018d  call rax  ; jit_call
    0018f  pop r11
    00191  pop r10
    00193  add rsp,8
    00197  test rdx,rdx
    0019a  jne 00000000000002D3h
    001a0  ret
; calls through jit_call, 2 in registers
    001a1  mov [rsp+8],rsi
    001a6  mov [rsp+10h],rdi
    001ab  add rdx,[r15+10h]
    001b2  sub rdx,r13
    001b5  mov [r15],rdx
    001b8  mov esi,eax
    001ba  lea rdx,[rsp+8]
    001bf  mov rdi,[r15+30h]
    001c3  mov rax,ADDR
    001cd  sub rsp,8
    001d1  push r10
    001d3  push r11
    001d5  call rax  ; jit_call
    001d7  pop r11
    001d9  pop r10
    001db  add rsp,8
    001df  test rdx,rdx
    001e2  jne 00000000000002D3h
    001e8  ret
; calls through jit_call, 3 in registers
    001e9  mov [rsp+8],rsi
    001ee  mov [rsp+10h],rdi
    001f3  mov [rsp+18h],r8
    001f8  add rdx,[r15+10h]
    001ff  sub rdx,r13
    00202  mov [r15],rdx
    00205  mov esi,eax
    00207  lea rdx,[rsp+8]
    0020c  mov rdi,[r15+30h]
    00210  mov rax,ADDR
    0021a  sub rsp,8
    0021e  push r10
    00220  push r11
    00222  call rax  ; jit_call
    00224  pop r11
    00226  pop r10
    00228  add rsp,8
    0022c  test rdx,rdx
    0022f  jne 00000000000002D3h
    00235  ret
; calls through jit_call, 4 in registers
    00236  mov [rsp+8],rsi
    0023b  mov [rsp+10h],rdi
    00240  mov [rsp+18h],r8
    00245  mov [rsp+20h],r9
    0024a  add rdx,[r15+10h]
    00251  sub rdx,r13
    00254  mov [r15],rdx
    00257  mov esi,eax
    00259  lea rdx,[rsp+8]
    0025e  mov rdi,[r15+30h]
    00262  mov rax,ADDR
    0026c  sub rsp,8
    00270  push r10
    00272  push r11
    00274  call rax  ; jit_call
    00276  pop r11
    00278  pop r10
    0027a  add rsp,8
    0027e  test rdx,rdx
    00281  jne 00000000000002D3h
    00287  ret
; division by zero through jit_trap
    00288  mov rdi,[r15+30h]
    0028c  xor esi,esi
    0028e  mov rax,ADDR
    00298  call rax  ; jit_trap
    0029a  jmp 00000000000002D3h
; memory access out of bounds through jit_trap
    0029f  mov rdi,[r15+30h]
    002a3  mov esi,1
    002a8  mov rax,ADDR
    002b2  call rax  ; jit_trap
    002b4  jmp 00000000000002D3h
; stack overflow through jit_trap
    002b9  mov rdi,[r15+30h]
    002bd  mov esi,2
    002c2  mov rax,ADDR
    002cc  call rax  ; jit_trap
    002ce  jmp 00000000000002D3h
; unwind to the entry from the interpreter
    002d3  mov rsp,[r15+28h]
    002d7  ret

function main (asm, 508 bytes)
    00000  jmp 0000000000000153h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-8],rbx
    0001a  mov [rbp-10h],r10
    00021  mov rbx,rsi
; line 15: call
    00024  mov r10d,0
; line 14: jz
    0002a  test rbx,rbx
    0002d  je 0000000000000095h
; line 15: call
    00033  cmp r13,1
    0003a  jb 000000000000012Ah
    00040  test rbx,rbx
    00043  je 00000000000000DFh
    00049  mov esi,0
    0004f  mov rax,ADDR
    00059  mov rax,[rax]
    0005c  test rax,rax
    0005f  je 00000000000000E8h
    00065  cmp rsp,[r15+20h]
    0006c  jb 00000000000000E8h
    00072  sub r13,2
    00076  jb 00000000000000E4h
    0007c  add rax,8
    00080  call rax
    00082  add r13,2
    00086  mov rsi,rax
; line 16: add
    00089  add r10,rsi
; line 17: sub
    0008c  sub rbx,1
; line 18: jmp
; line 14: jz
    00090  test rbx,rbx
    00093  jne 0000000000000033h
; line 20: print
    00095  mov rax,r10
    00098  mov rsi,rax
    0009b  mov rcx,100000006h
    000a5  mov rdi,[r15+30h]
    000a9  mov rax,ADDR
    000b3  push r10
    000b5  push r11
    000b7  call rax  ; jit_print
    000b9  pop r11
    000bb  pop r10
    000bd  test rdx,rdx
    000c0  jne 000000000000014Eh
; line 21: ret
    000c6  mov eax,0
    000cc  mov rbx,[rbp-8]
    000d3  mov r10,[rbp-10h]
    000da  mov rsp,rbp
    000dd  pop rbp
    000de  ret
    000df  mov rsi,rbx
    000e2  jmp 0000000000000089h
; call f at line 7 through jit_call
    000e4  add r13,2
    000e8  mov [rsp],rsi
    000ec  mov rcx,[r15+10h]
    000f0  sub rcx,r13
    000f3  add rcx,1
    000f7  mov [r15],rcx
    000fa  xor esi,esi
    000fc  mov rdx,rsp
    000ff  mov ecx,1
    00104  mov rdi,[r15+30h]
    00108  mov rax,ADDR
    00112  push r10
    00114  push r11
    00116  call rax  ; jit_call
    00118  pop r11
    0011a  pop r10
    0011c  test rdx,rdx
    0011f  jne 000000000000014Eh
    00125  jmp 0000000000000086h
; trap: stack overflow at line 15
    0012a  mov rdi,[r15+30h]
    0012e  mov esi,2
    00133  mov rdx,100000002h
    0013d  mov rax,ADDR
    00147  call rax  ; jit_trap
    00149  jmp 000000000000014Eh
; unwind to the entry from the interpreter
    0014e  mov rsp,[r15+28h]
    00152  ret
; external entry (from the interpreter)
    00153  push rbp
    00154  mov rbp,rsp
    00157  push rbx
    00158  push r12
    0015a  push r13
    0015c  push r14
    0015e  push r15
    00160  mov r15,ADDR
    0016a  mov [r15+30h],rdi
    00171  push qword ptr [r15+28h]
    00178  mov r14,8
    00182  mov r13,[r15+10h]
    00189  sub r13,[r15]
    00190  lea rax,[1D5h]
    00197  push rax
    00198  mov [r15+28h],rsp
    0019f  sub rsp,8
    001a3  mov rdx,rsi
    001a6  sub rsp,10h
    001ad  mov rsi,[rdx]
    001b4  call 8
    001b9  xor edx,edx
    001bb  lea rsp,[rbp-30h]
    001c2  pop rcx
    001c3  mov [r15+28h],rcx
    001ca  pop r15
    001cc  pop r14
    001ce  pop r13
    001d0  pop r12
    001d2  pop rbx
    001d3  pop rbp
    001d4  ret
    001d5  lea rbp,[rsp+30h]
    001dd  mov edx,1
    001e2  lea rsp,[rbp-30h]
    001e9  pop rcx
    001ea  mov [r15+28h],rcx
    001f1  pop r15
    001f3  pop r14
    001f5  pop r13
    001f7  pop r12
    001f9  pop rbx
    001fa  pop rbp
    001fb  ret

